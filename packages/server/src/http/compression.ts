import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyCompress from '@fastify/compress';

/** Answers smaller than this go as they are: compressing them saves less than it costs. */
export const COMPRESS_MIN_BYTES = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
/** Brotli's quality 4: close to gzip's speed, smaller output (11 costs seconds on 1 MB). */
const BROTLI_OPTIONS = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };
/**
 * Quality 6 for a body compressed once and kept (the results): 2,000 teams' results are 55 KB
 * instead of 63 KB for 25 ms instead of 14 ms, once per results version.
 */
const KEPT_BROTLI_OPTIONS = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6 } };

type Encoding = 'br' | 'gzip';

/** `text` compressed for a client that accepts `encoding` (a page written per request). */
export function compressText(text: string | Buffer, encoding: Encoding): Promise<Buffer> {
  return encoding === 'br' ? brotli(text, BROTLI_OPTIONS) : gzip(text);
}

/** The best encoding the client accepts (q=0 refuses), or null. */
export function acceptedEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  const accepted = new Set(
    header
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !q || Number(q.trim().replace(/^q=/, '')) > 0)
      .map(([name]) => name!.trim().toLowerCase()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

/**
 * Compresses the answers of `api` from COMPRESS_MIN_BYTES up (@fastify/compress: brotli or gzip,
 * as the client accepts; text types such as JSON, CSV and XML): the results of a 2,000-team event
 * shrink from about 1 MB to about 60 KB, which is seconds on a phone's link. Request bodies are
 * not touched here (gzip uploads are read by their routes).
 */
export async function registerCompression(api: FastifyInstance): Promise<void> {
  await api.register(fastifyCompress, {
    threshold: COMPRESS_MIN_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: BROTLI_OPTIONS,
    globalDecompression: false,
  });
}

/** Compressed copies of kept answers (sendKept), per encoding, while the answer lives. */
const kept = new WeakMap<Buffer, Partial<Record<Encoding, Promise<Buffer>>>>();

/**
 * Sends `body`, a JSON answer a service keeps as the same Buffer while it stands (the results),
 * compressed once per encoding and kept with it (brotli at quality 6): a thousand viewers
 * re-reading the same results cost one compression, where the plugin would compress each answer.
 */
export async function sendKept(
  req: FastifyRequest,
  reply: FastifyReply,
  body: Buffer,
): Promise<FastifyReply> {
  reply.type('application/json; charset=utf-8');
  const encoding = acceptedEncoding(req.headers['accept-encoding']);
  if (body.length < COMPRESS_MIN_BYTES) return reply.send(body);
  const vary = String(reply.getHeader('vary') ?? '');
  if (!/accept-encoding/i.test(vary)) {
    reply.header('vary', vary ? `${vary}, accept-encoding` : 'accept-encoding');
  }
  if (!encoding) return reply.send(body);
  const entry = kept.get(body) ?? {};
  kept.set(body, entry);
  const compressed = (entry[encoding] ??= (
    encoding === 'br' ? brotli(body, KEPT_BROTLI_OPTIONS) : gzip(body)
  ).catch((error: unknown) => {
    // Not kept: the next read tries again.
    delete entry[encoding];
    throw error;
  }));
  return reply.header('content-encoding', encoding).send(await compressed);
}
