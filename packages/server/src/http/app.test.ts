import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody, PublicConfig } from '@rada/core';
import { testDialects } from '../test/databases.ts';
import { buildTestApp, call, errorOf } from '../test/app.ts';
import type { TestApp } from '../test/app.ts';
import type { TestUser } from '../test/factories.ts';
import { PASSWORD, signUpCreator, uniqueEmail, uniqueShortlink } from '../test/factories.ts';
import { sampleEventFile } from '../test/eventFileFixture.ts';

describe.each(testDialects())('HTTP edge on $name', (dialect) => {
  let t: TestApp;
  let creator: TestUser;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    creator = await signUpCreator(t);
  });
  afterAll(() => t.close());

  it('serves the public configuration and a health check', async () => {
    const config = await call<PublicConfig>(t.app, 'GET', '/api/config');
    expect(config.body).toEqual({
      providers: ['password'],
      signupOpen: true,
      emailLinks: false,
      phone: false,
      oidc: [],
      oneTap: null,
      version: expect.any(String),
      mapKeys: { google: null, bing: null },
      tools: { accounting: false, secondTier: false },
    });
    expect((await call(t.app, 'GET', '/api/health')).body).toEqual({ ok: true });
  });

  it('answers 404 outside the API when the web app is not built', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/Spring2026' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toMatch(/not built/);
  });

  it('refuses the NUL character anywhere in a request alike on every dialect', async () => {
    const requests: [string, Parameters<typeof call>][] = [
      [
        'body.displayName',
        [
          t.app,
          'POST',
          '/api/auth/signup',
          { body: { email: uniqueEmail(), password: PASSWORD, displayName: 'A\u0000B' } },
        ],
      ],
      [
        'body.name',
        [
          t.app,
          'POST',
          '/api/events',
          {
            as: creator,
            body: { name: 'A\u0000B', shortlink: uniqueShortlink(), starttime: 0, endtime: null },
          },
        ],
      ],
      [
        'body.name',
        [t.app, 'POST', '/api/auth/tokens', { as: creator, body: { name: 'phone\u0000' } }],
      ],
      ['query.s', [t.app, 'GET', '/api/users?s=a%00b', { as: creator }]],
      ['params.id', [t.app, 'GET', '/api/events/a%00b', {}]],
      [
        'body.template.eventsdata.kp.k\u00001',
        [
          t.app,
          'POST',
          '/api/events',
          {
            as: creator,
            body: {
              name: 'T',
              shortlink: uniqueShortlink(),
              starttime: 0,
              endtime: null,
              template: { ...sampleEventFile(), eventsdata: { kp: { 'k\u00001': { nr: 1 } } } },
            },
          },
        ],
      ],
    ];
    for (const [path, args] of requests) {
      const res = await call<ErrorBody>(...args);
      expect(res.status, path).toBe(400);
      expect(res.body.error, path).toBe('error.validation');
      expect(res.body.details, path).toEqual([
        { path, message: 'must not contain the NUL character' },
      ]);
    }
  });

  it('answers 409 to all but one of simultaneous sign-ups with one email', async () => {
    const email = uniqueEmail('twice');
    const results = await Promise.all(
      [1, 2, 3].map(() =>
        call(t.app, 'POST', '/api/auth/signup', {
          body: { email, password: PASSWORD, displayName: 'T' },
        }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect(
      results.filter((r) => r.status === 409).every((r) => errorOf(r) === 'auth.error.emailtaken'),
    ).toBe(true);
  });
});
