import { describe, expect, it } from 'vitest';
import { EVENT_FILE_VERSION, checkEventFile, parseEventFile } from './eventFile.ts';
import { fileTeamFieldAbsent } from './eventFileCheck.ts';

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
});
