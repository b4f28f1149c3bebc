import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { AppError } from '../http/errors.ts';

/** The largest capabilities document read (Maa-amet's is about 200 KB). */
export const CAPABILITIES_MAX_BYTES = 5 * 1024 * 1024;
const TIMEOUT_MS = 10_000;
const MAX_REDIRECTS = 3;

/** Whether an IP address is loopback, private, link-local, unspecified or otherwise not public. */
export function isPrivateAddress(address: string): boolean {
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (isIP(v4) === 4) {
    const [a = 0, b = 0] = v4.split('.').map(Number);
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 100 && b >= 64 && b <= 127) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 198 && (b === 18 || b === 19)) ||
      a >= 224
    );
  }
  const v6 = address.toLowerCase();
  return (
    v6 === '::' ||
    v6 === '::1' ||
    v6.startsWith('fc') ||
    v6.startsWith('fd') ||
    v6.startsWith('fe8') ||
    v6.startsWith('fe9') ||
    v6.startsWith('fea') ||
    v6.startsWith('feb') ||
    v6.startsWith('ff')
  );
}

async function checkHost(url: URL, allowPrivate: boolean): Promise<void> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new AppError('map.error.url', 400);
  }
  if (allowPrivate) return;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host)
    ? [host]
    : await lookup(host, { all: true }).then(
        (list) => list.map((a) => a.address),
        () => {
          throw new AppError('map.error.fetch', 502);
        },
      );
  if (addresses.some(isPrivateAddress)) throw new AppError('map.error.address', 400);
}

/**
 * Fetches a map service's document for the browser (which CORS would stop): http(s) only, not
 * from loopback or private addresses unless `allowPrivate`, each redirect checked again, at most
 * CAPABILITIES_MAX_BYTES, within 10 s. Errors are AppErrors with map.error.* keys.
 */
export async function fetchCapabilities(address: string, allowPrivate: boolean): Promise<string> {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new AppError('map.error.url', 400);
  }
  const signal = AbortSignal.timeout(TIMEOUT_MS);
  for (let hop = 0; ; hop++) {
    await checkHost(url, allowPrivate);
    let res: Response;
    try {
      res = await fetch(url, {
        redirect: 'manual',
        signal,
        headers: { accept: 'application/xml, text/xml, */*' },
      });
    } catch {
      throw new AppError('map.error.fetch', 502);
    }
    const location = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && location) {
      if (hop >= MAX_REDIRECTS) throw new AppError('map.error.fetch', 502);
      url = new URL(location, url);
      continue;
    }
    if (!res.ok || !res.body) throw new AppError('map.error.fetch', 502);
    // A tile or a picture is not a service description, whatever its bytes parse as.
    if (/^(image|audio|video)\//i.test(res.headers.get('content-type') ?? '')) {
      await res.body.cancel();
      throw new AppError('map.error.notwmts', 422);
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    try {
      for await (const chunk of res.body) {
        size += chunk.byteLength;
        if (size > CAPABILITIES_MAX_BYTES) throw new AppError('error.toolarge', 413);
        chunks.push(chunk);
      }
    } catch (e) {
      if (e instanceof AppError) throw e;
      throw new AppError('map.error.fetch', 502);
    }
    return Buffer.concat(chunks).toString('utf8');
  }
}
