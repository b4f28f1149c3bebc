import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';

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
 * Compresses the JSON answers of `api` (brotli or gzip, as the client accepts) from
 * COMPRESS_MIN_BYTES up: the results of a 2,000-team event shrink from about 1 MB to about 60 KB,
 * which is seconds on a phone's link. A Buffer payload (the results service's ready-made body,
 * the same object while the results stand) is compressed once per encoding and kept while it
 * lives, so a thousand viewers re-reading the same results cost one compression.
 */
export function registerCompression(api: FastifyInstance): void {
  const cache = new WeakMap<Buffer, Partial<Record<Encoding, Buffer>>>();
  api.addHook('onSend', async (req, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (Buffer.byteLength(payload) < COMPRESS_MIN_BYTES) return payload;
    if (reply.getHeader('content-encoding')) return payload;
    if (!/json/.test(String(reply.getHeader('content-type') ?? ''))) return payload;
    const vary = String(reply.getHeader('vary') ?? '');
    if (!/accept-encoding/i.test(vary)) {
      reply.header('vary', vary ? `${vary}, accept-encoding` : 'accept-encoding');
    }
    const encoding = acceptedEncoding(req.headers['accept-encoding']);
    if (!encoding) return payload;
    const compress = (b: Buffer | string, kept = false) =>
      kept && encoding === 'br' ? brotli(b, KEPT_BROTLI_OPTIONS) : compressText(b, encoding);
    let body: Buffer;
    if (Buffer.isBuffer(payload)) {
      const entry = cache.get(payload) ?? {};
      body = entry[encoding] ??= await compress(payload, true);
      cache.set(payload, entry);
    } else {
      body = await compress(payload);
    }
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return body;
  });
}
