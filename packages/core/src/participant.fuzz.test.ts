/**
 * Fuzz properties of the participant API's request bodies (zod schemas shared by the server and
 * the app): for any JSON value, and for valid bodies with one field changed, added or removed,
 * the schema accepts a body within its bounds or refuses with issues; it never throws. FUZZ_RUNS
 * inputs per schema. The same bodies go through the server's routes in
 * packages/server/src/participant/participant.fuzz.test.ts.
 */
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { DeviceIdParam } from './messages.ts';
import { MarkBody, StartFinishBody, UploadBody } from './participant.ts';
import { check, fuzzOptions, timed, FUZZ_TEST_TIMEOUT_MS } from './testing/fuzz.ts';
import {
  mutatedBody,
  validMark,
  validStartFinish,
  validUpload,
} from './testing/participantBodies.ts';

/** Accepted bodies hold only the schema's fields, within bounds. */
function checkAccepted(body: Record<string, unknown>, allowed: string[]): void {
  for (const k of Object.keys(body)) check(allowed.includes(k), `unknown field ${k}`, body);
  if ('cid' in body)
    check(
      typeof body.cid === 'string' && body.cid.length >= 8 && body.cid.length <= 64,
      'cid',
      body,
    );
  if ('t' in body) check(Number.isSafeInteger(body.t) && (body.t as number) > 0, 't', body);
  if (body.loc !== undefined) {
    const l = body.loc as { lat: number; lng: number };
    check(Math.abs(l.lat) <= 90 && Math.abs(l.lng) <= 180, 'loc', body);
  }
}

function property(
  schema: {
    safeParse(v: unknown): { success: boolean; data?: unknown; error?: { issues: unknown[] } };
  },
  allowed: string[],
) {
  return (input: unknown) => {
    const parsed = timed(() => schema.safeParse(input));
    if (parsed.success) checkAccepted(parsed.data as Record<string, unknown>, allowed);
    else check((parsed.error?.issues.length ?? 0) > 0, 'refused without issues', input);
  };
}

describe(
  'participant request bodies never crash the schemas',
  { timeout: FUZZ_TEST_TIMEOUT_MS },
  () => {
    it('MarkBody (POST …/play/marks)', () => {
      fc.assert(
        fc.property(
          mutatedBody(validMark),
          property(MarkBody, ['cid', 'kpId', 'answer', 'loc', 't', 'teamId']),
        ),
        fuzzOptions(),
      );
    });

    it('StartFinishBody (POST …/play/start and …/play/finish)', () => {
      fc.assert(
        fc.property(
          mutatedBody(validStartFinish),
          property(StartFinishBody, ['cid', 't', 'loc', 'teamId']),
        ),
        fuzzOptions(),
      );
    });

    it('UploadBody and the device id (POST /devices/:deviceId/uploads)', () => {
      fc.assert(
        fc.property(
          mutatedBody(validUpload),
          fc.oneof(fc.stringMatching(/^[A-Za-z0-9_.:-]{4,20}$/), fc.string({ maxLength: 120 })),
          (body, deviceId) => {
            property(UploadBody, ['kind', 'messageId', 'content'])(body);
            const id = DeviceIdParam.safeParse(deviceId);
            if (id.success) check(/^[A-Za-z0-9_.:-]{4,100}$/.test(id.data), 'device id', deviceId);
          },
        ),
        fuzzOptions(),
      );
    });
  },
);
