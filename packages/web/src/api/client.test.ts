import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from './client.ts';

/** Makes the next fetch answer `status` with `body` as its text. */
function answer(status: number, body: string) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(body, { status, statusText: 'Too Many Requests' })),
  );
}

async function errorOf(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
  throw new Error('no error');
}

describe('the API client on a refused request', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the server key of a 429 (sign-in limits have their own)', async () => {
    answer(429, JSON.stringify({ error: 'auth.error.toomanyaccount', message: 'locked' }));
    const e = await errorOf(api.signIn({ email: 'a@example.com', password: 'x' }));
    expect([e.status, e.key]).toEqual([429, 'auth.error.toomanyaccount']);
  });

  it('reads a 429 without an error body (a proxy page) as error.toomany on any route', async () => {
    answer(429, '<html>slow down</html>');
    const e = await errorOf(api.config());
    expect([e.status, e.key]).toEqual([429, 'error.toomany']);
  });
});
