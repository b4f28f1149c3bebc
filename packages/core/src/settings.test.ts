import { describe, expect, it } from 'vitest';
import { ORDER_RULES } from './limits.ts';
import {
  SETTINGS,
  SETTINGS_BY_KEY,
  SETTING_GROUPS,
  SettingsPatch,
  settingValueSchema,
  validateSettingsValues,
} from './settings.ts';
import type { SettingDescriptor, SettingKind } from './settings.ts';

const latLng = { lat: 58.38, lng: 26.72 };

/** A value each kind accepts, and values it refuses. */
const SAMPLES: Record<SettingKind, { valid: unknown[]; invalid: unknown[] }> = {
  bool: { valid: [true, false], invalid: ['true', 1, null] },
  number: { valid: [0, -3, 12.5], invalid: ['5', Infinity, NaN, true] },
  text: { valid: ['', 'pts'], invalid: [5, 'x'.repeat(1001)] },
  longtext: { valid: ['Line\nline', 'x'.repeat(20_000)], invalid: [['a'], 'x'.repeat(20_001)] },
  select: { valid: [], invalid: ['not-an-option', 1] },
  datetime: { valid: [0, 1767261600000], invalid: [-1, 1.5, '2026-01-01'] },
  latlng: {
    valid: [latLng, { lat: -90, lng: 180 }],
    invalid: [{ lat: 91, lng: 0 }, { lat: 0 }, [58, 26]],
  },
  numberlist: { valid: [[], [null, 10, 20.5]], invalid: [[1, 'a'], 5, Array(1001).fill(1)] },
  orderrules: {
    valid: [[], ['dsq', 'points'], [...ORDER_RULES]],
    invalid: [['fastest'], 'points'],
  },
  dstresult: {
    valid: [{}, { targetdst: 20, dststeps: 1, dstpoints: 10, dstpointssteps: 2 }],
    invalid: [{ dststeps: 0 }, { targetdst: '20' }, 20],
  },
  bounds: {
    valid: [{ northEast: latLng, southWest: { lat: 58, lng: 26 } }],
    invalid: [{ northEast: latLng }, { northEast: latLng, southWest: { lat: 100, lng: 0 } }],
  },
  json: {
    valid: [{ a: [1, 'b', null] }, 'text', 3, null],
    invalid: [{ a: undefined }, () => 1, NaN],
  },
  map: {
    valid: [
      { default: { type: 'osm', conf: {} }, userlayers: [] },
      { userlayers: [{ type: 'google', title: 'Google', conf: {}, private: true }] },
    ],
    invalid: [
      { default: { type: 'esri', conf: {} } },
      { userlayers: [{ type: 'osm', conf: {} }] },
      3,
    ],
  },
  speedranges: {
    valid: [
      [],
      [
        { s: 0, c: '#00ff00' },
        { s: 90, c: '#FF0000' },
      ],
    ],
    invalid: [[{ s: 10, c: 'red' }], [{ s: -1, c: '#000000' }], { s: 1 }],
  },
  regform: {
    valid: [
      { fields: {} },
      { fields: { f1: { label: 'Club', muitype: 'single', selectvalues: 'A,B', s: 40 } } },
    ],
    invalid: [
      {},
      { fields: { '1bad': {} } },
      { fields: { x: { muitype: 'date' } } },
      // regdata's own keys and the people a team import stores (registration.ts).
      { fields: { club: { label: 'Club' } } },
      { fields: { members: {} } },
    ],
  },
  timezone: {
    valid: ['Europe/Tallinn', 'UTC', 'America/New_York'],
    invalid: ['Europe/Nowhere', '', '+02:00', 2],
  },
};

const validOf = (desc: SettingDescriptor) =>
  desc.kind === 'select' ? (desc.options ?? []) : SAMPLES[desc.kind].valid;
const invalidOf = (desc: SettingDescriptor) => SAMPLES[desc.kind].invalid;

describe('SETTINGS', () => {
  it('describes each key once, in a known group, selects with their options', () => {
    expect(new Set(SETTINGS.map((s) => s.key)).size).toBe(SETTINGS.length);
    expect(SETTINGS_BY_KEY.size).toBe(SETTINGS.length);
    for (const s of SETTINGS) {
      expect(SETTING_GROUPS, s.key).toContain(s.group);
      if (s.kind === 'select') expect(s.options?.length, s.key).toBeGreaterThan(0);
    }
    expect(SETTINGS_BY_KEY.get('type')?.options).toEqual(['paevak', 'valik', 'race']);
  });

  it.each(SETTINGS.map((s) => [s.key, s] as const))(
    '%s accepts its samples and refuses bad values',
    (_key, desc) => {
      const schema = settingValueSchema(desc);
      const valid = validOf(desc);
      expect(valid.length).toBeGreaterThan(0);
      for (const value of valid)
        expect(schema.safeParse(value).success, JSON.stringify(value)).toBe(true);
      for (const value of invalidOf(desc)) {
        expect(schema.safeParse(value).success, String(JSON.stringify(value) ?? value)).toBe(false);
      }
    },
  );
});

describe('validateSettingsValues', () => {
  it('accepts valid values and null (which clears a key)', () => {
    expect(validateSettingsValues({})).toEqual([]);
    expect(
      validateSettingsValues({
        type: 'race',
        kpsinweb: null,
        rakoef: [null, 5],
        startloc: latLng,
        ajad: {},
      }),
    ).toEqual([]);
  });

  it('lists one problem per bad key, unknown keys by their key', () => {
    const problems = validateSettingsValues({
      type: 'marathon',
      kpsinweb: true,
      nosuchsetting: 1,
      maxmarkingdistance: 'far',
    });
    expect(problems.map((p) => p.path).sort()).toEqual([
      'maxmarkingdistance',
      'nosuchsetting',
      'type',
    ]);
    expect(problems.find((p) => p.path === 'nosuchsetting')?.message).toBe(
      'settings.error.unknownkey',
    );
    expect(problems.every((p) => p.message.length > 0)).toBe(true);
  });
});

describe('SettingsPatch', () => {
  it('takes settings and speed, null clearing a speed value', () => {
    const parsed = SettingsPatch.parse({
      settings: { kpsinweb: true },
      speed: { limit: 100, delay2: null },
    });
    expect(parsed).toEqual({ settings: { kpsinweb: true }, speed: { limit: 100, delay2: null } });
    expect(SettingsPatch.parse({})).toEqual({});
  });

  it('refuses other parts, unknown speed keys and negative or non-finite speeds', () => {
    for (const body of [
      { colors: {} },
      { speed: { topspeed: 5 } },
      { speed: { limit: -1 } },
      { speed: { limit: Infinity } },
      { speed: { limit: '90' } },
      { settings: [] },
    ]) {
      expect(SettingsPatch.safeParse(body).success, JSON.stringify(body)).toBe(false);
    }
  });
});
