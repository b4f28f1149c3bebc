import type { ExternalWheel, WheelConfig } from '@rada/core';

/** How long one request to wheelofnames.com may take. */
const TIMEOUT_MS = 10_000;
/** What `send` gives for a DELETE of a wheel the service does not have. */
const GONE = Symbol('gone');

/** Why a request to the service gave nothing usable: it failed, or its answer made no sense. */
export class WheelOfNamesError extends Error {
  constructor(
    readonly kind: 'failed' | 'badresponse',
    message: string,
  ) {
    super(message);
  }
}

export interface WheelOfNamesClient {
  /** The account's wheels (GET /wheels). */
  list(): Promise<ExternalWheel[]>;
  /** Makes a wheel anyone with its link can open and copy (POST /wheels); its path. */
  create(config: WheelConfig): Promise<string>;
  /** Deletes a wheel (DELETE /wheels/{path}); false when the service has no such wheel. */
  remove(path: string): Promise<boolean>;
}

/**
 * The wheelofnames.com API v1 (https://wheelofnames.com/api-doc): every request carries the
 * account's key in `x-api-key`; answers are `{data: {wheels: [{path, config}]}}` for the list
 * and `{data: {path}}` for a new wheel. The key stays on the server; the browser never sees it.
 */
export function wheelOfNamesClient(baseUrl: string, apiKey: string): WheelOfNamesClient {
  async function send(method: string, path: string, body?: unknown): Promise<unknown> {
    let res: Response;
    try {
      res = await fetch(`${baseUrl}${path}`, {
        method,
        headers: {
          'x-api-key': apiKey,
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? null : JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (e) {
      throw new WheelOfNamesError('failed', e instanceof Error ? e.message : String(e));
    }
    const text = await res.text().catch(() => '');
    if (method === 'DELETE' && res.status === 404) return GONE;
    if (!res.ok) throw new WheelOfNamesError('failed', `${res.status} ${text.slice(0, 200)}`);
    if (text === '') return null;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new WheelOfNamesError('badresponse', `not JSON: ${text.slice(0, 200)}`);
    }
  }

  const dataOf = (answer: unknown): Record<string, unknown> => {
    const data = (answer as { data?: unknown } | null)?.data;
    if (!data || typeof data !== 'object') {
      throw new WheelOfNamesError('badresponse', 'no data in the answer');
    }
    return data as Record<string, unknown>;
  };

  return {
    async list() {
      const wheels = dataOf(await send('GET', '/wheels')).wheels;
      if (!Array.isArray(wheels)) throw new WheelOfNamesError('badresponse', 'no wheels');
      return wheels.flatMap((w: unknown): ExternalWheel[] => {
        const wheel = w as { path?: unknown; config?: unknown } | null;
        if (typeof wheel?.path !== 'string') return [];
        const config =
          wheel.config && typeof wheel.config === 'object'
            ? (wheel.config as Record<string, unknown>)
            : {};
        return [{ path: wheel.path, config }];
      });
    },
    async create(config) {
      const answer = await send('POST', '/wheels', { wheelConfig: config, shareMode: 'copyable' });
      const path = dataOf(answer).path;
      if (typeof path !== 'string' || path === '') {
        throw new WheelOfNamesError('badresponse', 'no path of the new wheel');
      }
      return path;
    },
    async remove(path) {
      return (await send('DELETE', `/wheels/${encodeURIComponent(path)}`)) !== GONE;
    },
  };
}
