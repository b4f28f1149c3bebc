import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { acceptedEncoding, compressText } from './compression.ts';
import { LANGUAGE_COOKIE } from '@rada/core';
import { firstPaint, paintLanguage } from './firstPaint.ts';
import type { FirstPaintSources } from './firstPaint.ts';

/** Hashed build output (Vite's dist/assets): a new build writes new names, so it never changes. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else (index.html, sw.js, manifest.webmanifest, icons) is checked on every use. */
export const REVALIDATE = 'no-cache';

/** The CSP source of each inline script of an HTML page ('sha256-…'): the web build's boot script. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    (m) => `'sha256-${createHash('sha256').update(m[1]!).digest('base64')}'`,
  );
}

/** A Content-Security-Policy that also allows the scripts of `hashes`. */
export function allowingScripts(csp: string, hashes: readonly string[]): string {
  if (hashes.length === 0) return csp;
  return csp.replace(
    /(^|;\s*)script-src ([^;]*)/,
    (_, lead: string, sources: string) => `${lead}script-src ${sources} ${hashes.join(' ')}`,
  );
}

/** index.html as last read: its text, its inline scripts' hashes, its ETag, its compressed copies. */
interface IndexFile {
  html: string;
  hashes: string[];
  etag: string;
  compressed: Partial<Record<'br' | 'gzip', Promise<Buffer>>>;
}

/**
 * index.html, read again whenever the file changes (a rebuild under a running server); undefined
 * when there is no such file.
 */
function indexFile(file: string): () => IndexFile | undefined {
  let known: (IndexFile & { stamp: string }) | undefined;
  return () => {
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    if (!stat) return undefined;
    const stamp = `${stat.mtimeMs}:${stat.size}`;
    if (known?.stamp !== stamp) {
      const html = fs.readFileSync(file, 'utf8');
      const etag = `"${createHash('sha256').update(html).digest('base64url').slice(0, 16)}"`;
      known = { stamp, html, hashes: inlineScriptHashes(html), etag, compressed: {} };
    }
    return known;
  };
}

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
    // index.html is answered below, with the CSP its inline boot script needs.
    allowedPath: (pathname) => pathname !== '/index.html',
    setHeaders: (res, file) => {
      const relative = path.relative(root, file).split(path.sep).join('/');
      res.setHeader('Cache-Control', cacheControlFor(relative.replace(/\.(br|gz)$/, '')));
      // The same URL answers differently by Accept-Encoding; caches must keep them apart.
      res.setHeader('Vary', 'Accept-Encoding');
    },
  });
  const painter = sources ? firstPaint(root, sources) : null;
  const index = indexFile(path.join(root, 'index.html'));

  /**
   * index.html, or the page with `rows` (its first paint) in #root. It holds the boot script
   * inline (packages/web/src/boot/bootPlugin.ts): its CSP allows that script by its hash, and
   * still no other inline script.
   */
  async function sendIndex(
    req: FastifyRequest,
    reply: FastifyReply,
    page: IndexFile,
    painted?: { rows: string; lang: string },
  ) {
    const csp = reply.getHeader('content-security-policy');
    if (typeof csp === 'string') {
      reply.header('content-security-policy', allowingScripts(csp, page.hashes));
    }
    reply.header('Cache-Control', REVALIDATE).type('text/html; charset=utf-8');
    const encoding = acceptedEncoding(req.headers['accept-encoding']);
    if (painted) {
      // Replacement functions: a replacement string would read `$&`, `$'`… in what teams typed.
      const html = page.html
        .replace('<html lang="en">', () => `<html lang="${painted.lang}">`)
        .replace('<div id="root"></div>', () => `<div id="root">${painted.rows}</div>`);
      // The page differs by the reader's language; the service worker keeps no copy of it.
      reply
        .header('Vary', 'Accept-Encoding, Accept-Language, Cookie')
        .header('X-Rada-First-Paint', '1');
      if (!encoding) return reply.send(html);
      return reply.header('Content-Encoding', encoding).send(await compressText(html, encoding));
    }
    reply.header('Vary', 'Accept-Encoding').header('ETag', page.etag);
    if (req.headers['if-none-match'] === page.etag) return reply.status(304).send();
    if (!encoding) return reply.send(page.html);
    const body = (page.compressed[encoding] ??= compressText(page.html, encoding));
    return reply.header('Content-Encoding', encoding).send(await body);
  }

  app.setNotFoundHandler(async (req, reply) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return reply.status(404).send();
    const relative = fileOf(root, req.url);
    const page = index();
    if (relative === 'index.html' && page) return sendIndex(req, reply, page);
    // Files written after the start (a rebuild under a running server) have no route yet.
    if (relative && fs.statSync(path.join(root, relative), { throwIfNoEntry: false })?.isFile()) {
      return reply.status(200).sendFile(relative);
    }
    if (relative === null || relative.startsWith('assets/') || !page) {
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
      if (rows !== null) return sendIndex(req, reply, page, { rows, lang });
    }
    return sendIndex(req, reply, page);
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
