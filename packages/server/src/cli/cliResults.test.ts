import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TeamResult } from '@rada/core';
import { sampleEventFile } from '../test/eventFileFixture.ts';
import { cli } from '../test/cli.ts';

const S0 = 1_767_261_600_000;
const H = 3_600_000;

/** A small event: two classes, a shared class, a wrong answer, a dsq team and a late team. */
function smallEventFile() {
  return {
    version: 2,
    events: {
      name: 'Autumn <score>',
      starttime: S0,
      rakoef: [null, 10, 20],
      klassid: { w: { name: 'Women' }, m: { name: 'Men' } },
    },
    eventsdata: {
      data: {
        ajad: { normaalaeg: 180, lisaajad: [{ time: 30, per: 1, penalty: 10 }] },
        wrongpenaltyenabled: true,
      },
      kp: { k1: { nr: 1 }, k2: { nr: 2, ra: 2 }, k3: { nr: 3, tyhistatud: true } },
      kpanswer: { k2: 'r1' },
    },
    teams: {
      list: {
        a: { name: 'Alpha', klassid: 'm', finishtime: S0 + 3 * H + 121_000 },
        b: { name: 'Beta', klassid: 'm', finishtime: S0 + 2 * H },
        c: { name: 'Gamma', klassid: 'w', finishtime: S0 + 4 * H },
        d: { name: 'Delta', klassid: 'm', dsq: true },
        e: { name: 'Hidden', disabled: true },
      },
      kpanswers: {
        a: { k1: { ok: true, aeg: S0 + H }, k2: { answer: 'r1', aeg: S0 + H } },
        b: { k1: { ok: true, aeg: S0 + H }, k2: { answer: 'r2', aeg: S0 + H } },
        c: { k2: { answer: 'r1', aeg: S0 + H }, k3: { answer: 'x' } },
      },
    },
    evdoc: {},
  };
}

describe('command line: results', () => {
  const dir = path.join(os.tmpdir(), `rada-cli-results-${randomUUID()}`);
  const write = (name: string, value: unknown) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, typeof value === 'string' ? value : JSON.stringify(value));
    return file;
  };
  beforeAll(() => fs.mkdirSync(dir, { recursive: true }));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('prints only a JSON array of records, ordered by class then place', async () => {
    const { code, out, err } = await cli('results', write('small.json', smallEventFile()));
    expect({ code, err }).toEqual({ code: 0, err: '' });
    const results = JSON.parse(out) as TeamResult[];
    expect(results.map((r) => [r.teamId, r.klassid, r.place])).toEqual([
      ['c', 'w', 1],
      ['a', 'm', 1],
      ['b', 'm', 2],
      ['d', 'm', null],
    ]);
    expect(results[1]).toMatchObject({
      kpsum: 30,
      timepenaltys: [0, 30],
      sum: 0,
      spenttime: '3:02:01',
      overallplace: 1,
    });
    expect(results[2]).toMatchObject({
      kpsum: 10,
      wrongcount: 1,
      kppenalty: 20,
      sum: -10,
      overallplace: 2,
    });
    expect(results[0]).toMatchObject({ overtime: true, overallplace: 3 });
  });

  it('counts a team whose start is still to come as not started, as the pages do', async () => {
    const file = smallEventFile();
    const later = Date.now() + 24 * H;
    Object.assign(file.teams.list, { f: { name: 'Later', klassid: 'm', starttime: later } });
    const { code, out } = await cli('results', write('later.json', file));
    expect(code).toBe(0);
    const results = JSON.parse(out) as TeamResult[];
    expect(results.find((r) => r.teamId === 'f')).toMatchObject({
      status: 'notstarted',
      place: null,
    });
  });

  it('reads the full sample event file', async () => {
    const { code, out } = await cli('results', write('sample.json', sampleEventFile()));
    expect(code).toBe(0);
    const results = JSON.parse(out) as TeamResult[];
    expect(results.map((r) => r.teamId).sort()).toEqual(['t1', 't2']);
  });

  it('--format csv and --format iof print the same records', async () => {
    const file = write('small2.json', smallEventFile());
    const csv = await cli('results', file, '--format', 'csv');
    expect(csv.code).toBe(0);
    expect(csv.out.startsWith('\uFEFF')).toBe(true);
    const lines = csv.out.slice(1).trimEnd().split('\r\n');
    expect(lines.map((l) => l.split(';')[5])).toEqual(['teamId', 'c', 'a', 'b', 'd']);
    expect(lines[1]!.startsWith('Women;1;I;')).toBe(true);
    const iof = await cli('results', file, '--format', 'iof');
    expect(iof.code).toBe(0);
    expect(iof.out).toContain(
      '<ResultList xmlns="http://www.orienteering.org/datastandard/3.0" xmlns:rada="urn:rada:iof:1" iofVersion="3.0"',
    );
    expect(iof.out).toContain('<Event><Name>Autumn &lt;score&gt;</Name></Event>');
    expect(iof.out.match(/<PersonResult>/g)).toHaveLength(4);
    expect(iof.out).toContain('<Status>OverTime</Status>');
    expect(iof.out).toContain('<Status>Disqualified</Status>');
  });

  it('reports errors on stderr with exit 1 and nothing on stdout', async () => {
    const missing = await cli('results', path.join(dir, 'nope.json'));
    expect(missing).toMatchObject({ code: 1, out: '' });
    expect(missing.err).toMatch(/^Cannot read /);
    const bad = await cli('results', write('bad.json', '{"events": 1'));
    expect(bad).toEqual({ code: 1, out: '', err: 'createevent.badtemplate: not JSON\n' });
    const format = await cli('results', write('ok.json', smallEventFile()), '--format', 'pdf');
    expect(format).toMatchObject({ code: 1, out: '' });
    expect(await cli('results')).toMatchObject({
      code: 1,
      out: '',
      err: 'results needs an event file\n',
    });
  });
});
