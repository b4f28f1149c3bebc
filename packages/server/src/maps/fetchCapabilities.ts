import type { ErrorKey } from '@rada/core';
import { AppError } from '../http/errors.ts';
import { SafeFetchError, safeFetch } from '../http/safeFetch.ts';
import type { SafeFetchFailure, SafeFetchOptions } from '../http/safeFetch.ts';

/** The largest capabilities document read (Maa-amet's is about 200 KB). */
export const CAPABILITIES_MAX_BYTES = 5 * 1024 * 1024;

const ERRORS: Record<SafeFetchFailure, [key: ErrorKey, status: number]> = {
  url: ['map.error.url', 400],
  address: ['map.error.address', 400],
  toolarge: ['error.toolarge', 413],
  // A tile or a picture is not a service description, whatever its bytes parse as.
  type: ['map.error.notwmts', 422],
  fetch: ['map.error.fetch', 502],
};

/**
 * Fetches a map service's document for the browser (which CORS would stop) through safeFetch:
 * http(s) only, never from a loopback, private or otherwise non-public address (however it is
 * spelt, resolved or redirected to) unless `allowPrivate`, at most CAPABILITIES_MAX_BYTES,
 * within 10 s. Errors are AppErrors with map.error.* keys (`error.toolarge` over the size).
 */
export async function fetchCapabilities(
  address: string,
  allowPrivate: SafeFetchOptions['allowPrivate'],
): Promise<string> {
  try {
    const body = await safeFetch(address, {
      allowPrivate,
      maxBytes: CAPABILITIES_MAX_BYTES,
      headers: { accept: 'application/xml, text/xml, */*' },
      refuseContentType: /^(image|audio|video)\//i,
    });
    return body.toString('utf8');
  } catch (e) {
    if (!(e instanceof SafeFetchError)) throw e;
    const [key, status] = ERRORS[e.reason];
    throw new AppError(key, status);
  }
}
