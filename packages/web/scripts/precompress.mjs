// Writes a brotli (.br) and a gzip (.gz) copy next to every compressible file of the built web
// app, so the server sends them (@fastify/static preCompressed) without compressing per request.
// Run by vite.config.ts after every build (whatever --outDir), or by hand:
// `node scripts/precompress.mjs [dist]`.
/* global process, console */
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text-like files worth compressing; images and fonts are compressed already. Source maps
 * are left alone: only developer tools fetch them. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml)$/i;
/** Smaller files gain less than the bytes of the extra header and the round trip. */
const MIN_BYTES = 1024;

async function* filesUnder(dir) {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(file);
    else if (entry.isFile()) yield file;
  }
}

/**
 * Compresses every file of `dir` that is compressible and larger than 1 KB; a copy that is not
 * smaller than the original is not kept. Returns the files compressed (relative to `dir`).
 */
export async function precompress(dir) {
  const done = [];
  const jobs = [];
  for await (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    jobs.push(
      (async () => {
        const data = await fs.readFile(file);
        if (data.length <= MIN_BYTES) return;
        const [br, gz] = await Promise.all([
          brotli(data, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
            },
          }),
          gzip(data, { level: zlib.constants.Z_BEST_COMPRESSION }),
        ]);
        if (br.length < data.length) await fs.writeFile(`${file}.br`, br);
        if (gz.length < data.length) await fs.writeFile(`${file}.gz`, gz);
        done.push(path.relative(dir, file));
      })(),
    );
  }
  await Promise.all(jobs);
  return done.sort();
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = path.resolve(process.argv[2] ?? 'dist');
  const files = await precompress(dir);
  console.log(`precompressed ${files.length} files in ${dir}`);
}
