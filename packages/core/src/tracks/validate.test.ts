import { describe, expect, it } from 'vitest';
import { encodeTrack } from './codec.ts';
import { validatePoint } from './validate.ts';

const NOW = Date.UTC(2026, 0, 1, 12);
const ok = { t: NOW - 1000, y: 59.43, x: 24.75 };
const problem = (raw: unknown) => {
  const r = validatePoint(raw, NOW);
  return 'problem' in r ? r.problem : null;
};

describe('validatePoint', () => {
  it('accepts a minimal point and fills the missing fields with null', () => {
    expect(validatePoint(ok, NOW)).toEqual({
      point: { ...ok, a: null, s: null, l: null, g: null, d: null },
      battery: null,
    });
  });

  it('keeps every field and the battery', () => {
    const raw = { ...ok, a: 5, s: 3.2, l: 40, g: 270, d: 12, b: 0.8 };
    expect(validatePoint(raw, NOW)).toEqual({
      point: { t: raw.t, y: raw.y, x: raw.x, a: 5, s: 3.2, l: 40, g: 270, d: 12 },
      battery: 0.8,
    });
  });

  it('reads lat/lng/lon aliases, battery percentages, unknown headings', () => {
    const r = validatePoint({ t: ok.t, lat: -33.9, lon: 151.2, b: 55, g: -1 }, NOW);
    expect(r).toMatchObject({ point: { y: -33.9, x: 151.2, g: null }, battery: 0.55 });
    expect(validatePoint({ t: ok.t, lat: 1, lng: 2, g: 360 }, NOW)).toMatchObject({
      point: { y: 1, x: 2, g: 0 },
    });
  });

  it.each([
    [null, 'badshape'],
    ['{"t":1}', 'badshape'],
    [[1, 2, 3], 'badshape'],
    [{ t: NOW, y: 59 }, 'badshape'],
    [{ ...ok, t: '2026-01-01' }, 'badshape'],
    [{ ...ok, s: 'fast' }, 'badshape'],
    [{ ...ok, y: Number.NaN }, 'badshape'],
    [{ ...ok, t: Date.UTC(2000, 0, 1) }, 'badtime'],
    [{ ...ok, t: 1000 }, 'badtime'],
    [{ ...ok, t: NOW + 5 * 60_000 + 1 }, 'future'],
    [{ ...ok, y: 90.0001 }, 'badlat'],
    [{ ...ok, y: -91 }, 'badlat'],
    [{ ...ok, y: 0, x: 0 }, 'badlat'],
    [{ ...ok, x: 180.5 }, 'badlng'],
    [{ ...ok, x: -181 }, 'badlng'],
    [{ ...ok, a: -1 }, 'badaccuracy'],
    [{ ...ok, a: 100_000 }, 'badaccuracy'],
    [{ ...ok, s: -0.1 }, 'badspeed'],
    [{ ...ok, s: 350 }, 'badspeed'],
  ])('refuses %j as %s', (raw, why) => {
    expect(problem(raw)).toBe(why);
  });

  it('accepts the edges', () => {
    expect(problem({ ...ok, t: NOW + 5 * 60_000 })).toBeNull();
    expect(problem({ ...ok, y: 90, x: -180 })).toBeNull();
    expect(problem({ ...ok, y: 0, x: 0.1 })).toBeNull();
    expect(problem({ ...ok, a: 0, s: 0, a2: 'ignored' })).toBeNull();
    expect(problem({ ...ok, a: null, s: null, l: null })).toBeNull();
  });

  // Counterexample from tracks.fuzz.test.ts: such a point was accepted, then the codec refused to
  // store it and the location upload answered 500.
  it('drops an elevation or a distance the codec could not store', () => {
    const r = validatePoint({ ...ok, l: 1e300, d: 1e300 }, NOW);
    expect(r).toEqual({
      point: { ...ok, a: null, s: null, l: null, g: null, d: null },
      battery: null,
    });
    expect(() => encodeTrack(['point' in r ? r.point : null!])).not.toThrow();
    expect(validatePoint({ ...ok, l: -100_000, d: 999_999_999 }, NOW)).toMatchObject({
      point: { l: -100_000, d: 999_999_999 },
    });
  });

  it('keeps heart rate and cadence as whole numbers, and drops them (not the point) out of range', () => {
    const kept = (raw: object) => {
      const r = validatePoint({ ...ok, ...raw }, NOW);
      if (!('point' in r)) throw new Error(`refused: ${r.problem}`);
      return [r.point.h, r.point.c];
    };
    expect(kept({ h: 142, c: 88 })).toEqual([142, 88]);
    expect(kept({ h: 1, c: 0 })).toEqual([1, 0]);
    expect(kept({ h: 255, c: 254 })).toEqual([255, 254]);
    expect(kept({ h: 150.5, c: -0.4 })).toEqual([151, 0]);
    expect(Object.is(kept({ c: -0.4 })[1], 0)).toBe(true);
    expect(kept({ h: 0, c: 255 })).toEqual([undefined, undefined]);
    expect(kept({ h: 256, c: -1 })).toEqual([undefined, undefined]);
    expect(kept({ h: 1e300, c: -1e300 })).toEqual([undefined, undefined]);
    expect(kept({ h: null, c: null })).toEqual([undefined, undefined]);
    const plain = validatePoint(ok, NOW);
    expect('point' in plain && Object.keys(plain.point)).toEqual([
      't',
      'y',
      'x',
      'a',
      's',
      'l',
      'g',
      'd',
    ]);
    expect(problem({ ...ok, h: 'fast' })).toBe('badshape');
  });
});
