/**
 * Fuzz of the participant API through HTTP (app.inject on a real database): mutated and random
 * bodies, malformed JSON, odd content types, queries and path parameters to the play view,
 * marks, start, finish and uploads. The only allowed answers are a success or an error with a
 * known key below 500; never an internal error. FUZZ_HTTP_RUNS requests per dialect (default a
 * tenth of FUZZ_RUNS: 200 in `npm test`, 10 000 in `npm run fuzz`); the same bodies go through
 * the schemas alone FUZZ_RUNS times in packages/core/src/participant.fuzz.test.ts.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_KEYS } from '@rada/core';
import {
  fuzzOptions,
  mutatedBody,
  validMark,
  validStartFinish,
  validUpload,
} from '@rada/core/testing';
import type { InjectOptions } from 'fastify';
import { testDialects } from '../test/databases.ts';
import { buildTestApp } from '../test/app.ts';
import type { TestApp } from '../test/app.ts';
import type { TestUser } from '../test/factories.ts';
import { importEvent, signUp, uniqueShortlink } from '../test/factories.ts';

const FUZZ_RUNS = Number(process.env.FUZZ_RUNS) || 2000;
const HTTP_RUNS = Number(process.env.FUZZ_HTTP_RUNS) || Math.max(50, Math.round(FUZZ_RUNS / 10));

const KEYS = new Set<string>(ERROR_KEYS);
const HERE = { lat: 58.38, lng: 26.72 };

/** An event under way with a question KP, a location KP, a cancelled one; Alpha allowed, Charlie not. */
function playEventFile(ownerUid: string) {
  const now = Date.now();
  const q = { r1: 'Yes', r2: 'No' };
  return {
    version: 2,
    events: {
      name: 'Fuzz play',
      starttime: now - 3_600_000,
      endtime: now + 5 * 3_600_000,
      hidden: false,
      admins: { [ownerUid]: 'owner' },
    },
    eventsdata: {
      data: { maxmarkingdistance: 50, clientstart: true, rakoef: [null, 10, 20, 30] },
      conf: { enablewslocations: true },
      kp: {
        k1: { nr: 1, ra: 1 },
        k2: { nr: 2, ra: 1, isauto: true },
        k3: { nr: 3, ra: 1, maxanswerdistance: 20, noopenwhennotclose: true },
        k5: { nr: 5, ra: 1, tyhistatud: true },
      },
      kpdata: {
        k1: { desc: 'Stone', loc: HERE, responses: q },
        k2: { desc: 'Bridge', loc: HERE },
        k3: { desc: 'Tree', loc: HERE, responses: q },
        k5: { desc: 'Gone', loc: HERE, responses: q },
      },
      kpanswer: { k1: 'r1', k3: 'r2', k5: 'r1' },
    },
    teams: {
      list: {
        alpha: { name: 'Alpha', nr: 1, allowed: true },
        charlie: { name: 'Charlie', nr: 3, allowed: false },
      },
    },
    evdoc: {},
  };
}

type Target = 'marks' | 'start' | 'finish' | 'upload' | 'play' | 'download';

/** A body with, now and then, a real KP, team or answer put in, so requests get past lookups. */
const withReal = (body: fc.Arbitrary<unknown>) =>
  fc
    .tuple(
      body,
      fc.option(fc.constantFrom('k1', 'k2', 'k3', 'k5', 'k9')),
      fc.option(fc.constantFrom('alpha', 'charlie', 'nobody')),
      fc.option(fc.constantFrom('r1', 'r2')),
    )
    .map(([b, kpId, teamId, answer]) => {
      if (b === null || typeof b !== 'object' || Array.isArray(b)) return b;
      const out = { ...(b as Record<string, unknown>) };
      if (kpId !== null && 'kpId' in out) out.kpId = kpId;
      if (teamId !== null && 'teamId' in out) out.teamId = teamId;
      if (answer !== null && 'answer' in out) out.answer = answer;
      return out;
    });

const payload = (body: fc.Arbitrary<unknown>) =>
  fc.oneof(
    { weight: 6, arbitrary: withReal(body).map((b) => ({ kind: 'json' as const, b })) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.oneof(
            fc.string({ maxLength: 40 }),
            withReal(body).map((b) => JSON.stringify(b).slice(0, -1)),
          ),
          fc.constantFrom(
            'application/json',
            'text/plain',
            'application/x-www-form-urlencoded',
            'multipart/form-data; boundary=x',
            'application/json; charset=latin1',
            '',
          ),
        )
        .map(([text, type]) => ({ kind: 'raw' as const, text, type })),
    },
  );

const pathParam = fc.oneof(
  fc.constant('EVENT'),
  fc.constantFrom('', 'x', '%00', '%E0%A4%A', '..', '%2F', 'a'.repeat(300)),
  fc.string({ maxLength: 12 }).map(encodeURIComponent),
);

const request = fc.oneof(
  fc.tuple(fc.constantFrom<Target>('marks'), payload(mutatedBody(validMark)), pathParam),
  fc.tuple(
    fc.constantFrom<Target>('start', 'finish'),
    payload(mutatedBody(validStartFinish)),
    pathParam,
  ),
  fc.tuple(
    fc.constantFrom<Target>('upload'),
    payload(mutatedBody(validUpload)),
    fc.oneof(fc.constant('DEVICE'), pathParam),
  ),
  fc.tuple(
    fc.constantFrom<Target>('play', 'download'),
    fc.constant({ kind: 'none' as const }),
    fc.oneof(
      pathParam,
      fc.string({ maxLength: 20 }).map((q) => `EVENT?teamId=${encodeURIComponent(q)}`),
      fc.constantFrom('EVENT?teamId=alpha', 'EVENT?teamId=charlie', 'EVENT?teamId=&teamId=a'),
    ),
  ),
);
const caller = fc.constantFrom('member', 'member', 'member', 'other', 'nobody', 'garbage');

describe.each(testDialects())('participant routes under fuzzed requests on $name', (dialect) => {
  let t: TestApp;
  let member: TestUser;
  let other: TestUser;
  let eventId: string;
  const deviceId = `fuzz-dev-${Math.random().toString(36).slice(2, 8)}`;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    const owner = await signUp(t.app);
    [member, other] = [await signUp(t.app), await signUp(t.app)];
    eventId = uniqueShortlink('fuzz');
    await importEvent(t, playEventFile(owner.uid), eventId);
    await t.handle.db
      .insertInto('team_members')
      .values([
        { event_id: eventId, team_id: 'alpha', user_id: member.uid, joined_at: 1, via: 'reg' },
        { event_id: eventId, team_id: 'charlie', user_id: other.uid, joined_at: 2, via: 'reg' },
      ])
      .execute();
    const reg = await t.app.inject({
      method: 'PUT',
      url: `/api/devices/${deviceId}`,
      headers: { cookie: member.cookie },
      payload: { eventId },
    });
    if (reg.statusCode !== 200) throw new Error(`device registration: ${reg.body}`);
  });
  afterAll(() => t.close());

  // Counterexample: Fastify answered a bad percent-encoding with its own {error: 'Bad Request'}.
  it('answers a malformed URL with error.validation', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/events/%E0%A4%A/play/marks',
      headers: { cookie: member.cookie },
      payload: {},
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({ error: 'error.validation' });
  });

  it(
    'answers every request with a success or a keyed error below 500',
    { timeout: 1_800_000 },
    async () => {
      await fc.assert(
        fc.asyncProperty(request, caller, async ([target, body, param], who) => {
          const id = param.replace('EVENT', eventId).replace('DEVICE', deviceId);
          const url =
            target === 'upload'
              ? `/api/devices/${id}/uploads`
              : target === 'play'
                ? `/api/events/${id}/play`
                : target === 'download'
                  ? `/api/events/${id}/uploads/${encodeURIComponent(param)}`
                  : `/api/events/${id}/play/${target}`;
          const headers: Record<string, string> = {};
          if (who === 'member') headers.cookie = member.cookie;
          if (who === 'other') headers.cookie = other.cookie;
          if (who === 'garbage') headers.authorization = 'Bearer \u00ff-not-a-token';
          const options: InjectOptions = {
            method: target === 'play' || target === 'download' ? 'GET' : 'POST',
            url,
            headers,
          };
          if (body.kind === 'json') options.payload = body.b as InjectOptions['payload'];
          if (body.kind === 'raw') {
            options.payload = body.text;
            if (body.type) headers['content-type'] = body.type;
          }
          const res = await t.app.inject(options);
          if (res.statusCode >= 500) throw new Error(`${res.statusCode} for ${url}: ${res.body}`);
          if (res.statusCode >= 400) {
            const answer = JSON.parse(res.body) as { error?: unknown; message?: unknown };
            if (
              typeof answer.error !== 'string' ||
              !KEYS.has(answer.error) ||
              typeof answer.message !== 'string'
            )
              throw new Error(`${res.statusCode} without a known key for ${url}: ${res.body}`);
          }
        }),
        fuzzOptions(HTTP_RUNS),
      );
    },
  );
});
