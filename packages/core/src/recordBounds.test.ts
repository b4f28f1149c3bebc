import { describe, expect, it } from 'vitest';
import { PrintItemsBody, UpdateCheckpointBody } from './checkpoints/types.ts';
import { SettingsPatch } from './settings.ts';
import { RegisterBody } from './registration.ts';

/** An object of `count` keys k0, k1, … each holding `value`. */
const keys = (count: number, value: unknown) =>
  Object.fromEntries(Array.from({ length: count }, (_, i) => [`k${i}`, value]));

describe('records in request bodies hold a bounded number of keys', () => {
  it('refuses more keys than any editor makes, naming the limit', () => {
    const cases: [string, { safeParse: (v: unknown) => { success: boolean } }, unknown][] = [
      ['settings', SettingsPatch, { settings: keys(501, null) }],
      ['KP document', UpdateCheckpointBody, { kp: keys(101, 1) }],
      ['registration values', RegisterBody, { values: keys(101, 'x') }],
      ['print items', PrintItemsBody, keys(5001, {})],
    ];
    for (const [name, schema, body] of cases) {
      expect(schema.safeParse(body).success, name).toBe(false);
    }
    const refused = UpdateCheckpointBody.safeParse({ data: keys(101, 1) });
    expect(refused.error?.issues[0]?.message).toBe('at most 100 entries');
  });

  it('keeps what real bodies hold', () => {
    expect(UpdateCheckpointBody.safeParse({ kp: keys(100, 1) }).success).toBe(true);
    expect(RegisterBody.safeParse({ values: keys(30, 'x') }).success).toBe(true);
  });
});
