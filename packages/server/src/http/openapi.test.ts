import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { Validator } from '@seriousme/openapi-schema-validator';
import { contract, operationRoute, SHORTLINK_MAX_LENGTH } from '@rada/core';
import type { Operation, RouteSchemas } from '@rada/core';
import { buildTestApp, call } from '../test/app.ts';
import { testDialects } from '../test/databases.ts';
import type { TestApp } from '../test/app.ts';
import { declare, useContract } from './contract.ts';
import { AppError } from './errors.ts';

interface OpenApiDoc {
  openapi: string;
  paths: Record<string, Record<string, { operationId?: string; responses?: object }>>;
}

/** Fastify's `/events/:id` as OpenAPI writes it: `/events/{id}`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

describe('the OpenAPI document', () => {
  let t: TestApp;
  let doc: OpenApiDoc;
  beforeAll(async () => {
    t = await buildTestApp(testDialects()[0]!);
    const res = await call<OpenApiDoc>(t.app, 'GET', '/api/openapi.json');
    expect(res.status).toBe(200);
    doc = res.body;
  });
  afterAll(() => t.close());

  it('is valid OpenAPI 3.1', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const result = await new Validator().validate(doc as never);
    expect(result.errors ?? [], JSON.stringify(result.errors, null, 1)?.slice(0, 2000)).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('has every route the server registered under /api', () => {
    const api = t.app.registeredRoutes.filter(
      (r) =>
        r.url.startsWith('/api/') &&
        !r.url.startsWith('/api/docs') &&
        !r.hidden &&
        !r.websocket &&
        r.method !== 'HEAD',
    );
    expect(api.length).toBeGreaterThan(150);
    const missing = api.filter((r) => !doc.paths[openApiPath(r.url)]?.[r.method.toLowerCase()]);
    expect(missing).toEqual([]);
  });

  it('gives each declared operation its id, schemas and error answers', () => {
    for (const operation of Object.keys(contract) as Operation[]) {
      const { method, path } = operationRoute(operation);
      const entry = doc.paths[openApiPath(`/api${path}`)]?.[method.toLowerCase()];
      expect(entry?.operationId, operation).toBe(operation);
      const declared: RouteSchemas = contract[operation];
      for (const status of Object.keys(declared.errors ?? {})) {
        expect(entry?.responses, `${operation} ${status}`).toHaveProperty(status);
      }
    }
  });

  it('has a readable reference at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('swagger');
  });
});

describe('declared routes', () => {
  /** An app with one declared route whose handler answers `answer` (or throws `error`). */
  async function appAnswering(answer: unknown, checkAnswers: boolean, error?: AppError) {
    const app = Fastify();
    app.setErrorHandler((error, _req, reply) =>
      error instanceof AppError
        ? reply.status(error.status).send(error.toBody())
        : reply.status(500).send({ error: 'error.internal' }),
    );
    await app.register(
      async (api) => {
        useContract(api, { checkAnswers });
        declare(api, 'recomputeSpeedTickets', () => {
          if (error) throw error;
          return answer as never;
        });
      },
      { prefix: '/api' },
    );
    return app;
  }

  it('checks answers against their schema when asked to (the tests)', async () => {
    const wrong = { teams: 'three', tickets: 2 };
    const checked = await appAnswering(wrong, true);
    const res = await checked.inject({
      method: 'POST',
      url: '/api/events/e1/speedtickets/recompute',
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ error: 'error.internal', details: [{ path: 'teams' }] });
    const right = await appAnswering({ teams: 3, tickets: 2 }, true);
    expect(
      (await right.inject({ method: 'POST', url: '/api/events/e1/speedtickets/recompute' })).json(),
    ).toEqual({ teams: 3, tickets: 2 });
    // In production the answer goes as it is.
    const unchecked = await appAnswering(wrong, false);
    expect(
      (await unchecked.inject({ method: 'POST', url: '/api/events/e1/speedtickets/recompute' }))
        .statusCode,
    ).toBe(200);
  });

  it('fails an error answer its declaration does not list, when checking answers', async () => {
    const failing = async (error: AppError, checkAnswers = true) => {
      const app = await appAnswering(undefined, checkAnswers, error);
      return app.inject({ method: 'POST', url: '/api/events/e1/speedtickets/recompute' });
    };
    // Declared: the event admins' 403, and the common 429 of a rate limit.
    expect((await failing(new AppError('error.forbidden', 403))).statusCode).toBe(403);
    expect((await failing(new AppError('error.toomany', 429))).statusCode).toBe(429);
    const undeclared = await failing(new AppError('news.error.exists', 409));
    expect(undeclared.statusCode).toBe(500);
    expect(undeclared.json().message).toMatch(
      /409 news.error.exists of recomputeSpeedTickets is not among its declared errors/,
    );
    // A declared status with another key is not declared either.
    expect((await failing(new AppError('auth.error.guest', 403))).statusCode).toBe(500);
    // In production the answer goes as it is.
    expect((await failing(new AppError('news.error.exists', 409), false)).statusCode).toBe(409);
  });

  it('refuses bad parameters before the handler runs, with the validation key', async () => {
    const app = await appAnswering({ teams: 1, tickets: 0 }, true);
    const long = 'x'.repeat(SHORTLINK_MAX_LENGTH + 1);
    const res = await app.inject({
      method: 'POST',
      url: `/api/events/${long}/speedtickets/recompute`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'error.validation', details: [{ path: 'id' }] });
  });
});
