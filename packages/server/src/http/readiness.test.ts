import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcessBus } from '../realtime/bus.ts';
import type { Bus } from '../realtime/bus.ts';
import { testDialects } from '../test/databases.ts';
import { buildTestApp } from '../test/app.ts';
import type { TestApp } from '../test/app.ts';
import type { Lifecycle } from './readiness.ts';

// The readiness check reads the database and the bus; each dialect's connection is tested with it.
describe.each(testDialects())('GET /api/ready on $name', (dialect) => {
  let t: TestApp;
  let busUp = true;
  const lifecycle: Lifecycle = { draining: false };
  beforeAll(async () => {
    const bus: Bus = { ...inProcessBus(), healthy: () => Promise.resolve(busUp) };
    t = await buildTestApp(dialect, {}, { bus, lifecycle });
  });
  let dbClosed = false;
  afterAll(async () => {
    await t.app.close();
    if (!dbClosed) await t.handle.close();
  });

  const ready = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    return { status: res.statusCode, body: JSON.parse(res.body) as Record<string, unknown> };
  };

  it('is ready while the database and the bus answer and the server is not stopping', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(await ready()).toEqual({
      status: 200,
      body: { ok: true, checks: { database: 'ok', bus: 'ok', draining: false } },
    });
  });

  it('is not ready, saying why, while the bus is away or the server drains', async () => {
    busUp = false;
    expect(await ready()).toEqual({
      status: 503,
      body: {
        error: 'error.notready',
        message: expect.stringContaining('not ready') as unknown,
        checks: { database: 'ok', bus: 'down', draining: false },
      },
    });
    busUp = true;
    lifecycle.draining = true;
    expect((await ready()).body.checks).toEqual({ database: 'ok', bus: 'ok', draining: true });
    lifecycle.draining = false;
    // The liveness check does not look at any of it.
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('is not ready when the database does not answer', async () => {
    await t.handle.close();
    dbClosed = true;
    const { status, body } = await ready();
    expect(status).toBe(503);
    expect(body.checks).toEqual({ database: 'down', bus: 'ok', draining: false });
  });
});
