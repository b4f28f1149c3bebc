import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cli } from '../test/cli.ts';

const D = 86_400_000;
const S0 = 1_767_261_600_000;

/**
 * One event of a series: `order` lists the teams from first to last (each with one more KP than
 * the next), `id` is its short link; Karud is registered by account u1 and renamed in the last.
 */
function eventFile(id: string, day: number, order: string[], extra: Record<string, unknown> = {}) {
  const start = S0 + day * D;
  const kp = Object.fromEntries(order.map((_, i) => [`k${i}`, { nr: i + 1 }]));
  const list: Record<string, unknown> = {};
  const kpanswers: Record<string, unknown> = {};
  order.forEach((name, i) => {
    const teamId = `t${i}`;
    list[teamId] = { name, klassid: 'm', starttime: start, finishtime: start + 3_600_000 };
    const found = order.length - i;
    kpanswers[teamId] = Object.fromEntries(
      Array.from({ length: found }, (_, k) => [`k${k}`, { ok: true, aeg: start + 60_000 }]),
    );
  });
  const karud = order.findIndex((n) => n.startsWith('Karud'));
  return {
    version: 2,
    events: { id, name: `Cup ${id}`, starttime: start, klassid: { m: { name: 'Men' } } },
    eventsdata: { data: { rakoef: [null, 10] }, kp },
    teams: {
      list,
      kpanswers,
      data:
        karud >= 0 ? { [`t${karud}`]: { members: { u1: { joined: start - D, via: 'reg' } } } } : {},
    },
    evdoc: {},
    ...extra,
  };
}

describe('command line: cup-results', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rada-cup-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const write = (name: string, value: unknown) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, typeof value === 'string' ? value : JSON.stringify(value));
    return file;
  };
  const cupFile = () => ({
    cup: {
      name: 'Rogaine Cup',
      year: 2026,
      points: [25, 22, 20],
      atleast1: true,
      countingevents: 2,
    },
    // Listed out of order: the cup orders events by start time.
    events: [
      eventFile('third', 3, ['Hundid', 'Karud Uued', 'Ilvesed', 'Rebased']),
      eventFile('first', 1, ['Karud', 'Hundid', 'Ilvesed']),
      eventFile('second', 2, ['Ilvesed', 'Hundid']),
    ],
    edits: [{ event: 'second', team: 'n:men:rebased', value: 7 }],
    joins: [] as { keep: string; other: string }[],
  });

  it('prints the standings as a JSON array in the shape of spec 05 §7', async () => {
    const res = await cli('cup-results', write('cup.json', cupFile()));
    expect(res.err).toBe('');
    expect(res.code).toBe(0);
    const rows = JSON.parse(res.out) as Record<string, unknown>[];
    expect(Object.keys(rows[0]!)).toEqual([
      'class',
      'key',
      'name',
      'place',
      'placeLabel',
      'scores',
      'used',
      'total',
    ]);
    expect(rows.map((r) => [r.name, r.key, r.scores, r.used, r.total, r.placeLabel])).toEqual([
      ['Hundid', 'n:men:hundid', [22, 22, 25], [true, false, true], 47, 'I'],
      ['Karud Uued', 'u:u1', [25, 0, 22], [true, false, true], 47, 'II'],
      ['Ilvesed', 'n:men:ilvesed', [20, 25, 20], [true, true, false], 45, 'III'],
      ['Rebased', 'n:men:rebased', [0, 7, 1], [false, true, true], 8, '4'],
    ]);
    expect(rows[0]!.class).toBe('Men');
  });

  it('prints CSV with a column per event, unused scores in parentheses', async () => {
    const res = await cli('cup-results', write('cup2.json', cupFile()), '--format', 'csv');
    expect(res.code).toBe(0);
    const lines = res.out
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    // Event columns and unused scores in forms no spreadsheet reads as numbers (docs/csv.md).
    expect(lines[0]).toBe('class;place;key;name;event 1;event 2;event 3;total');
    expect(lines[1]).toBe('Men;I;n:men:hundid;Hundid;22;[22];25;47');
  });

  it('joins two teams: the kept team keeps its name, the other’s scores fill its gaps', async () => {
    const file = cupFile();
    // "Rebaste Pere" ran only the first event; "Rebased" (the later name) the third, edited in
    // the second. Kept: Rebaste Pere, with its own name.
    file.events[1] = eventFile('first', 1, ['Karud', 'Hundid', 'Ilvesed', 'Rebaste Pere']);
    file.joins = [{ keep: 'n:men:rebaste pere', other: 'n:men:rebased' }];
    const res = await cli('cup-results', write('joined.json', file));
    expect(res.err).toBe('');
    const rows = JSON.parse(res.out) as Record<string, unknown>[];
    expect(rows.find((r) => r.key === 'n:men:rebased')).toBeUndefined();
    expect(rows.find((r) => r.key === 'n:men:rebaste pere')).toMatchObject({
      name: 'Rebaste Pere',
      scores: [1, 7, 1],
    });
  });

  it('refuses a bad cup file with a message and exit 1', async () => {
    expect(await cli('cup-results', write('bad.json', '{'))).toMatchObject({ code: 1, out: '' });
    const noEvents = await cli('cup-results', write('nocup.json', { cup: {} }));
    expect(noEvents.code).toBe(1);
    expect(noEvents.err).toMatch(/^cup\.error\.badfile: events/);
    const badEvent = await cli('cup-results', write('badev.json', { cup: {}, events: [{}] }));
    expect(badEvent.err).toMatch(/^events\.0: /);
    expect((await cli('cup-results', write('ok.json', cupFile()), '--format', 'iof')).code).toBe(1);
    expect((await cli('cup-results')).code).toBe(1);
  });
});
