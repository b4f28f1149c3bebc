import { describe, expect, it } from 'vitest';
import { EVENT_FILE_VERSION, checkEventFile, parseEventFile } from './eventFile.ts';
import { base64Bytes, fileTeamFieldAbsent } from './eventFileCheck.ts';
import { MAP_IMAGES_PER_EVENT, MAP_IMAGE_MAX_BYTES } from './mapImages/types.ts';

/** Base64 of bytes (core has no Buffer; every runtime it runs in has btoa). */
const base64Of = (bytes: Uint8Array): string =>
  (globalThis as unknown as { btoa: (s: string) => string }).btoa(String.fromCharCode(...bytes));

/** A small event file with keys the platform does not know at several levels. */
const sample = () => ({
  version: 2,
  fromTheFuture: { x: 1 },
  events: {
    name: 'Spring',
    starttime: 1,
    endtime: null,
    hidden: false,
    admins: { u1: 'owner' },
    color: 'red',
  },
  eventsdata: {
    data: { type: 'valik' },
    kp: { k1: { nr: 1, ra: 2, newKpField: true } },
    kpanswer: { k1: 'r1', k2: null },
    docver: 1,
    somethingNew: [1],
  },
  teams: {
    list: { t1: { name: 'A', extra: { deep: true } } },
    kpanswers: { t1: { k1: { answer: 'r1', photo: 'p' } } },
    more: 1,
  },
  evdoc: { speed: { limit: 90 }, speedareas: {}, layers: ['x'] },
});

describe('parseEventFile', () => {
  it('reads a file and keeps every key it does not know', () => {
    const result = parseEventFile(JSON.stringify(sample()));
    expect(result).toEqual({ ok: true, file: sample() });
    expect(EVENT_FILE_VERSION).toBe(2);
  });

  it('accepts the four parts with nothing more than an event name', () => {
    const minimal = { events: { name: 'X' }, eventsdata: {}, teams: {}, evdoc: {} };
    expect(parseEventFile(JSON.stringify(minimal))).toEqual({ ok: true, file: minimal });
  });

  it('refuses text that is not JSON', () => {
    for (const text of ['', '{', 'events: {}', "{'events': {}}"]) {
      expect(parseEventFile(text), text).toEqual({
        ok: false,
        error: 'createevent.badtemplate',
        message: 'not JSON',
        details: [{ path: '', message: 'not JSON' }],
      });
    }
  });

  it.each(['events', 'eventsdata', 'teams', 'evdoc'])(
    'refuses a file without %s, naming it',
    (part) => {
      const file: Record<string, unknown> = sample();
      delete file[part];
      const result = parseEventFile(JSON.stringify(file));
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.error).toBe('createevent.badtemplate');
        expect(result.message.startsWith(`${part}:`)).toBe(true);
      }
    },
  );

  it('refuses values that are not event files, or parts of the wrong shape', () => {
    const bad: unknown[] = [
      null,
      42,
      'text',
      [sample()],
      { ...sample(), events: { ...sample().events, name: undefined } },
      { ...sample(), events: { ...sample().events, hidden: 'yes' } },
      { ...sample(), events: { ...sample().events, admins: { u1: 1 } } },
      { ...sample(), eventsdata: { ...sample().eventsdata, kp: [1] } },
      { ...sample(), eventsdata: { ...sample().eventsdata, kpanswer: { k1: 5 } } },
      { ...sample(), teams: { list: { t1: 'A' } } },
      { ...sample(), evdoc: [] },
    ];
    for (const value of bad) {
      const result = checkEventFile(value);
      expect(result.ok, JSON.stringify(value)?.slice(0, 80)).toBe(false);
      if (!result.ok) expect(result.error).toBe('createevent.badtemplate');
    }
  });

  it('reads a team class or number written as "" (or none) as absent, not refusing the file', () => {
    const teams = (list: Record<string, unknown>) => ({ ...sample(), teams: { list } });
    const read = [
      { t1: { name: 'A', klassid: '' } },
      { t1: { name: 'A', klassid: null, nr: null } },
      { t1: { name: 'A', nr: '' }, t2: { name: 'B', nr: '  ' } },
      // A class the event does not list: the team and its class id are kept.
      { t1: { name: 'A', klassid: 'gone' } },
    ];
    for (const list of read)
      expect(checkEventFile(teams(list)).ok, JSON.stringify(list)).toBe(true);
    expect([fileTeamFieldAbsent(''), fileTeamFieldAbsent(' '), fileTeamFieldAbsent(null)]).toEqual([
      true,
      true,
      true,
    ]);
    expect([
      fileTeamFieldAbsent('men'),
      fileTeamFieldAbsent(0),
      fileTeamFieldAbsent(undefined),
    ]).toEqual([false, false, false]);
    const refused = [
      { t1: { name: 'A', klassid: 5 } },
      { t1: { name: 'A', klassid: 'x'.repeat(101) } },
      { t1: { name: 'A', nr: 'x'.repeat(21) } },
      { t1: { name: 'A', nr: true } },
    ];
    for (const list of refused) {
      const result = checkEventFile(teams(list));
      expect(result.ok, JSON.stringify(list).slice(0, 80)).toBe(false);
      if (!result.ok) expect(result.details[0]!.path).toMatch(/^teams\.list\.t1\.(klassid|nr)$/);
    }
  });

  describe('map images (mapimages)', () => {
    const bytes = Uint8Array.from({ length: 10 }, (_, i) => i * 25);
    const data = base64Of(bytes);
    const map = (over: Record<string, unknown> = {}) => ({
      name: 'Forest 1:10 000',
      format: 'png',
      width: 3,
      height: 2,
      bytes: bytes.length,
      placement: {
        crs: 'EPSG:3301',
        h: [1, 0, 659000, 0, -1, 6474000, 0, 0, 1],
        source: 'worldfile',
      },
      published: true,
      publicFrom: 1767261600000,
      position: 0,
      data,
      ...over,
    });
    const withMaps = (mapimages: unknown) => ({ ...sample(), mapimages });
    const problemsOf = (mapimages: unknown) => {
      const result = checkEventFile(withMaps(mapimages));
      return result.ok ? [] : result.details.map((d) => `${d.path}: ${d.message}`);
    };

    it('reads a file with map images, and one without the key as before', () => {
      const file = withMaps({ m1: map(), m2: map({ placement: null, published: false }) });
      expect(checkEventFile(file)).toEqual({ ok: true, file });
      expect(checkEventFile(sample()).ok).toBe(true);
      // A key of a later version inside an entry does not refuse it.
      expect(checkEventFile(withMaps({ m1: map({ later: 1 }) })).ok).toBe(true);
    });

    it('refuses bad base64, a size that is not the data, a huge claimed size and unknown formats', () => {
      expect(problemsOf({ m1: map({ data: 'not base64!' }) })).toEqual([
        'mapimages.m1.data: not base64',
      ]);
      expect(problemsOf({ m1: map({ data: `${data}\n` }) })).toEqual([
        'mapimages.m1.data: not base64',
      ]);
      expect(problemsOf({ m1: map({ bytes: 11 }) })).toEqual([
        'mapimages.m1.data: holds 10 bytes, not 11',
      ]);
      expect(problemsOf({ m1: map({ bytes: MAP_IMAGE_MAX_BYTES + 1 }) })[0]).toMatch(
        /^mapimages\.m1\.bytes: /,
      );
      expect(problemsOf({ m1: map({ width: 100_000, height: 100_000 }) })).toEqual([
        'mapimages.m1: over 150 megapixels',
      ]);
      expect(problemsOf({ m1: map({ format: 'bmp' }) })[0]).toMatch(/^mapimages\.m1\.format: /);
      expect(problemsOf({ m1: map({ data: undefined }) })).toEqual([
        'mapimages.m1.data: the image itself is missing',
      ]);
      expect(problemsOf({ m1: map({ placement: { crs: 'EPSG:3301', h: [1] } }) })[0]).toMatch(
        /^mapimages\.m1\.placement\./,
      );
      expect(problemsOf({ m1: map({ published: 'yes', position: -1 }) })).toHaveLength(2);
      const many = Object.fromEntries(
        Array.from({ length: MAP_IMAGES_PER_EVENT + 1 }, (_, i) => [`m${i}`, map()]),
      );
      expect(problemsOf(many)).toEqual([`mapimages: at most ${MAP_IMAGES_PER_EVENT} map images`]);
      // Not a map of entries at all: the file's structure.
      const result = checkEventFile(withMaps([map()]));
      expect(result.ok ? null : result.error).toBe('createevent.badtemplate');
    });

    it('counts the bytes of base64 text', () => {
      expect([
        base64Bytes(''),
        base64Bytes('AA=='),
        base64Bytes('AAA='),
        base64Bytes('AAAA'),
      ]).toEqual([0, 1, 2, 3]);
      for (const bad of ['A', 'AA=A', 'A===', '====', 'AA-_', 'AA==AAAA', ' AAA'])
        expect(base64Bytes(bad), bad).toBeNull();
    });
  });
});
