import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { SETTINGS_BY_KEY } from '@rada/core';
import type { SettingDescriptor } from '@rada/core';
import { fromDraft, parseNumberList, parseNumberText, toDraft } from './settingValue.ts';

const desc = (key: string): SettingDescriptor => {
  const d = SETTINGS_BY_KEY.get(key);
  if (!d) throw new Error(`no setting ${key}`);
  return d;
};
const roundTrip = (key: string, value: unknown) =>
  fromDraft(desc(key), toDraft(desc(key).kind, value));

describe('number text', () => {
  it('reads numbers, a decimal comma, and empty as null', () => {
    expect(parseNumberText('75')).toBe(75);
    expect(parseNumberText(' 1,5 ')).toBe(1.5);
    expect(parseNumberText('')).toBeNull();
    expect(parseNumberText('abc')).toBe('bad');
    expect(parseNumberList('10, 20, , 30')).toEqual([10, 20, null, 30]);
    expect(parseNumberList(', 10')).toEqual([null, 10]);
    expect(parseNumberList('  ')).toBeNull();
    expect(parseNumberList('1, x')).toBe('bad');
  });
});

describe('fromDraft', () => {
  it('stores numbers as numbers and an emptied field as null', () => {
    expect(fromDraft(desc('maxmarkingdistance'), '50')).toEqual({ ok: true, value: 50 });
    expect(fromDraft(desc('maxmarkingdistance'), '')).toEqual({ ok: true, value: null });
    expect(fromDraft(desc('maxmarkingdistance'), '5o')).toEqual({
      ok: false,
      error: 'settings.error.notanumber',
    });
    expect(fromDraft(desc('pointssuffix'), '')).toEqual({ ok: true, value: null });
    expect(fromDraft(desc('appmessage'), 'Tere!')).toEqual({ ok: true, value: 'Tere!' });
  });

  it('saves JSON only when it parses', () => {
    expect(fromDraft(desc('ajad'), '{"normaalaeg": 180}')).toEqual({
      ok: true,
      value: { normaalaeg: 180 },
    });
    expect(fromDraft(desc('ajad'), '{"normaalaeg": ')).toEqual({
      ok: false,
      error: 'settings.error.badjson',
    });
    expect(fromDraft(desc('ajad'), ' ')).toEqual({ ok: true, value: null });
  });

  it('builds compound values and refuses half-filled ones', () => {
    expect(fromDraft(desc('startloc'), { lat: '58,38', lng: '26.72' })).toEqual({
      ok: true,
      value: { lat: 58.38, lng: 26.72 },
    });
    expect(fromDraft(desc('startloc'), { lat: '58', lng: '' })).toEqual({
      ok: false,
      error: 'settings.error.incomplete',
    });
    expect(fromDraft(desc('startloc'), { lat: '', lng: '' })).toEqual({ ok: true, value: null });
    expect(fromDraft(desc('startloc'), { lat: '91', lng: '0' })).toEqual({
      ok: false,
      error: 'settings.error.invalid',
    });
    expect(
      fromDraft(desc('eventbounds'), { nelat: '59', nelng: '27', swlat: '58', swlng: '26' }),
    ).toEqual({
      ok: true,
      value: { northEast: { lat: 59, lng: 27 }, southWest: { lat: 58, lng: 26 } },
    });
    // Distance result parts are each optional.
    expect(fromDraft(desc('dstresult'), { targetdst: '20', dststeps: '' })).toEqual({
      ok: true,
      value: { targetdst: 20 },
    });
  });

  it('handles selects, order rules, switches and dates', () => {
    expect(fromDraft(desc('type'), 'race')).toEqual({ ok: true, value: 'race' });
    expect(fromDraft(desc('type'), '')).toEqual({ ok: true, value: null });
    expect(fromDraft(desc('resulttype'), '')).toEqual({ ok: true, value: '' });
    expect(fromDraft(desc('orderrules'), [])).toEqual({ ok: true, value: null });
    expect(fromDraft(desc('orderrules'), ['points', 'spent'])).toEqual({
      ok: true,
      value: ['points', 'spent'],
    });
    expect(fromDraft(desc('kpsinweb'), true)).toEqual({ ok: true, value: true });
    const at = dayjs('2026-05-01T10:00:00');
    expect(fromDraft(desc('massstarttimems'), at)).toEqual({ ok: true, value: at.valueOf() });
    expect(fromDraft(desc('massstarttimems'), null)).toEqual({ ok: true, value: null });
    expect(fromDraft(desc('massstarttimems'), dayjs('nonsense'))).toMatchObject({ ok: false });
  });
});

describe('toDraft and back', () => {
  it('gives back the stored value for every kind', () => {
    const samples: [string, unknown][] = [
      ['maxmarkingdistance', 50],
      ['rakoef', [null, 10, 20, 30]],
      ['ajad', { normaalaeg: 180, lisaajad: [{ time: 10, per: 1, penalty: 5 }] }],
      ['startloc', { lat: 58.38, lng: 26.72 }],
      ['eventbounds', { northEast: { lat: 59, lng: 27 }, southWest: { lat: 58, lng: 26 } }],
      ['dstresult', { targetdst: 20, dststeps: 1, dstpoints: 10, dstpointssteps: 2 }],
      ['orderrules', ['dsq', 'points']],
      ['type', 'paevak'],
      ['hideresults', true],
      ['massstarttimems', Date.UTC(2026, 4, 1, 8)],
      ['finishedmessage', 'Aitäh!'],
    ];
    for (const [key, value] of samples) expect(roundTrip(key, value)).toEqual({ ok: true, value });
  });
  it('shows absent values as empty inputs', () => {
    expect(toDraft('number', undefined)).toBe('');
    expect(toDraft('json', null)).toBe('');
    expect(toDraft('bool', undefined)).toBe(false);
    expect(toDraft('latlng', undefined)).toEqual({ lat: '', lng: '' });
    expect(toDraft('datetime', null)).toBeNull();
  });
});
