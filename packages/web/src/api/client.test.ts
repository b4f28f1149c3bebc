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

describe('the API client on declared operations', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('takes the method and path from the contract, with the parameters encoded', async () => {
    answer(
      200,
      JSON.stringify({ name: 'V', area: [], restricted: false, limit: 50, timed: false }),
    );
    const area = {
      name: 'V',
      area: [
        { latitude: 58, longitude: 26 },
        { latitude: 58.1, longitude: 26 },
        { latitude: 58.1, longitude: 26.1 },
      ],
      limit: 50,
    };
    await api.putSpeedArea('my event/1', 'a_1', area);
    const [url, init] = vi.mocked(fetch).mock.calls[0]!;
    expect(url).toBe('/api/events/my%20event%2F1/speedareas/a_1');
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual(area);
  });

  it('sends no body where the operation takes none, and reads a 204 as nothing', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 204 })),
    );
    await expect(api.deleteSpeedArea('e1', 'a1')).resolves.toBeUndefined();
    const [url, init] = vi.mocked(fetch).mock.calls[0]!;
    expect([url, init?.method, init?.body]).toEqual([
      '/api/events/e1/speedareas/a1',
      'DELETE',
      undefined,
    ]);
  });
});
