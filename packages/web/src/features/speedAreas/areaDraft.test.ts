import { describe, expect, it } from 'vitest';
import { areaOf, areaStyle, emptyForm, formOf, limitOf, newAreaId, pointsOf } from './areaDraft.ts';

describe('area drafts', () => {
  it('drops repeated and closing vertices and rounds coordinates', () => {
    expect(
      pointsOf([
        [58, 26],
        [58, 26],
        [58.1, 26.123456789],
        [58.2, 26],
        [58, 26],
      ]),
    ).toEqual([
      { latitude: 58, longitude: 26 },
      { latitude: 58.1, longitude: 26.1234568 },
      { latitude: 58.2, longitude: 26 },
    ]);
  });

  it('reads the limit: empty is the event limit, nonsense is invalid', () => {
    expect(limitOf({ ...emptyForm, limit: '' })).toBeNull();
    expect(limitOf({ ...emptyForm, limit: '50,5' })).toBe(50.5);
    expect(limitOf({ ...emptyForm, limit: '-1' })).toBeUndefined();
    expect(limitOf({ ...emptyForm, limit: 'fast' })).toBeUndefined();
  });

  it('makes an area only from a named form and three vertices', () => {
    const v: [number, number][] = [
      [58, 26],
      [58.1, 26],
      [58.1, 26.1],
    ];
    expect(areaOf({ ...emptyForm, name: ' ' }, v)).toBeNull();
    expect(areaOf({ ...emptyForm, name: 'V' }, v.slice(0, 2))).toBeNull();
    const a = areaOf({ name: ' Village ', limit: '50', restricted: true, timed: false }, v);
    expect(a).toMatchObject({ name: 'Village', limit: 50, restricted: true, timed: false });
    expect(formOf(a!)).toEqual({ name: 'Village', limit: '50', restricted: true, timed: false });
  });

  it('picks a free id and colours by kind', () => {
    const id = newAreaId([], 1000);
    expect(id).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    expect(newAreaId([id], 1000)).not.toBe(id);
    expect(areaStyle({ restricted: true, timed: true })).toMatchObject({
      color: '#d32f2f',
      dashArray: '8 6',
    });
    expect(areaStyle({ restricted: false, timed: false }).dashArray).toBeUndefined();
  });
});
