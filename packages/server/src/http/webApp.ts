import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { acceptedEncoding, compressText } from './compression.ts';
import { LANGUAGE_COOKIE } from '@rada/core';
import { firstPaint, paintLanguage } from './firstPaint.ts';
import type { FirstPaintSources } from './firstPaint.ts';

/** Hashed build output (Vite's dist/assets): a new build writes new names, so it never changes. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else (index.html, sw.js, manifest.webmanifest, icons) is checked on every use. */
export const REVALIDATE = 'no-cache';

/** Cache-Control for a file of the built app, by its path relative to dist (/ separators). */
export function cacheControlFor(relative: string): string {
  return relative.startsWith('assets/') ? IMMUTABLE : REVALIDATE;
}

/**
 * Serves the built web app from `dist`: files as they are, with the brotli or gzip copy the
 * build wrote next to them (packages/web/scripts/precompress.mjs) when the browser accepts it,
 * hashed assets cached for a year and the rest revalidated; any other path gets index.html so
 * the app's router takes over. A missing /assets/ file is a 404, not index.html: an old page
 * asking for a chunk of the previous build must not get (or cache) HTML as a script. With
 * `sources`, index.html of the results, responses and series pages carries their first rows
 * (firstPaint.ts).
 */
export async function serveWebApp(
  app: FastifyInstance,
  dist: string,
  sources?: FirstPaintSources,
): Promise<void> {
  const root = path.resolve(dist);
  if (!fs.existsSync(path.join(root, 'index.html'))) {
    app.setNotFoundHandler((_req, reply) =>
      reply.status(404).type('text/plain').send('The web app is not built. Run `npm run build`.'),
    );
    return;
  }
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    preCompressed: true,
    // send's own Cache-Control (max-age=0) would overwrite the one set below.
    cacheControl: false,
    setHeaders: (res, file) => {
      const relative = path.relative(root, file).split(path.sep).join('/');
      res.setHeader('Cache-Control', cacheControlFor(relative.replace(/\.(br|gz)$/, '')));
      // The same URL answers differently by Accept-Encoding; caches must keep them apart.
      res.setHeader('Vary', 'Accept-Encoding');
    },
  });
  const painter = sources ? firstPaint(root, sources) : null;
  app.setNotFoundHandler(async (req, reply) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return reply.status(404).send();
    const relative = fileOf(root, req.url);
    // Files written after the start (a rebuild under a running server) have no route yet.
    if (relative && fs.statSync(path.join(root, relative), { throwIfNoEntry: false })?.isFile()) {
      return reply.status(200).sendFile(relative);
    }
    if (relative === null || relative.startsWith('assets/')) {
      return reply.status(404).type('text/plain').send('Not found');
    }
    if (painter && relative !== '') {
      const pathname = req.url.split('?')[0] ?? '/';
      const lang = paintLanguage(
        painter.texts,
        req.cookies[LANGUAGE_COOKIE],
        req.headers['accept-language'],
      );
      const rows = await painter.paint(pathname, lang);
      if (rows !== null) {
        const template = await fs.promises.readFile(path.join(root, 'index.html'), 'utf8');
        const html = template
          .replace('<html lang="en">', `<html lang="${lang}">`)
          .replace('<div id="root"></div>', `<div id="root">${rows}</div>`);
        // The page differs by the reader's language; the service worker keeps no copy of it.
        reply
          .header('Cache-Control', REVALIDATE)
          .header('Vary', 'Accept-Encoding, Accept-Language, Cookie')
          .header('X-Rada-First-Paint', '1')
          .type('text/html; charset=utf-8');
        const encoding = acceptedEncoding(req.headers['accept-encoding']);
        if (!encoding) return reply.send(html);
        return reply.header('Content-Encoding', encoding).send(await compressText(html, encoding));
      }
    }
    return reply.status(200).sendFile('index.html');
  });
}

/** The path under root that a URL names ('' for the root), or null when it leaves root. */
function fileOf(root: string, url: string): string | null {
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.split('?')[0] ?? '/');
  } catch {
    return null;
  }
  const file = path.join(root, pathname);
  if (file === root) return '';
  if (!file.startsWith(root + path.sep)) return null;
  return path.relative(root, file).split(path.sep).join('/');
}
