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

describe('the API client with answers the boot script fetched', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    delete (globalThis as { __radaPrefetch?: unknown }).__radaPrefetch;
  });

  it('takes a fresh prefetched answer once, then asks the server', async () => {
    answer(200, JSON.stringify({ id: 'e1', name: 'From the server' }));
    (globalThis as { __radaPrefetch?: unknown }).__radaPrefetch = {
      '/events/e1': {
        at: performance.now(),
        answer: Promise.resolve(new Response(JSON.stringify({ id: 'e1', name: 'Prefetched' }))),
      },
    };
    expect((await api.event('e1')).name).toBe('Prefetched');
    expect(fetch).not.toHaveBeenCalled();
    expect((await api.event('e1')).name).toBe('From the server');
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('ignores a prefetched answer that is too old', async () => {
    answer(200, JSON.stringify({ id: 'e1', name: 'From the server' }));
    (globalThis as { __radaPrefetch?: unknown }).__radaPrefetch = {
      '/events/e1': {
        at: performance.now() - 60_000,
        answer: Promise.resolve(new Response(JSON.stringify({ id: 'e1', name: 'Stale' }))),
      },
    };
    expect((await api.event('e1')).name).toBe('From the server');
  });
});
