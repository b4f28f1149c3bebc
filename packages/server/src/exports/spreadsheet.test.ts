import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  acceptedInputs,
  computeResults,
  cupStandingsCsv,
  exportCheckpointsCsv,
  kpCsvTemplate,
  parseCheckpointCsv,
  printItemsCsv,
  registrationsCsv,
  resultsToCsv,
  teamsCsv,
} from '@rada/core';
import type { Checkpoint, CupRow, RegField, ScoringAnswer, ScoringEvent } from '@rada/core';
import { readCsv, teamListEntry } from '@rada/core/testing';

/**
 * Every CSV Rada writes, for a hostile event, opened by LibreOffice (headless `soffice`: CSV →
 * xlsx → CSV "as shown") and compared cell by cell with what Rada wrote (docs/csv.md): no text
 * becomes a date, a time or another number, no leading zero or plus is lost, no formula runs, no
 * control character breaks the xlsx. Numbers may come back in the sheet's own form but must be the
 * same number; a spent time may become the time it is. Skipped, with the reason printed, where
 * `soffice` is missing (Debian: libreoffice-calc-nogui).
 */

function findSoffice(): { soffice: string } | { why: string } {
  for (const soffice of [process.env.SOFFICE, 'soffice', '/usr/bin/soffice']) {
    if (!soffice) continue;
    const r = spawnSync(soffice, ['--version'], { encoding: 'utf8', timeout: 60_000 });
    if (r.status === 0) return { soffice };
  }
  return { why: 'no soffice (apt-get install libreoffice-calc-nogui)' };
}
const found = findSoffice();
if ('why' in found) console.warn(`LibreOffice round-trip test skipped: ${found.why}`);

const S0 = 1_767_261_600_000;
const H = 3_600_000;

/** Texts spreadsheets like to turn into something else, and CSV syntax. */
const HOSTILE = [
  '=1+1',
  '=HYPERLINK("http://x","y")',
  '@SUM(A1)',
  '+372 5555 5555',
  '-x',
  '1:1',
  '10:00',
  '1-1',
  '1/2',
  '1 1/2',
  '3e5',
  '007',
  '1,234',
  '+3.5',
  '12.50',
  '(5)',
  '5%',
  '€5',
  'Jan 1',
  '10 am',
  'true',
  'TRUE',
  '12345678901234567',
  "'quoted",
  "'=1",
  'a;b "c"',
  'two\r\nlines',
  'bell\u0007 esc\u001b nul\u0000 del\u007f',
  ' pad ',
  'Õun × ☃ 𝄞',
  '2026-05-01',
];

/** One team per hostile text, in two classes with hostile names, most with answers. */
const event: ScoringEvent = {
  event: { starttime: S0 },
  settings: {
    ajad: { normaalaeg: 180 },
    massstarttimems: S0,
    rakoef: [null, 10, 20, 30],
    klassid: { m: { name: '1:1' }, n: { name: '=Naised' } },
  },
  kp: { k1: { nr: 1, ra: 1 }, k2: { nr: 2, ra: 3 }, k3: { nr: 3, ra: 1 } },
  kpdata: {},
  kpanswer: {},
  teams: Object.fromEntries(
    HOSTILE.map((name, i) => [
      `t${i}`,
      {
        name,
        nr: i % 3 === 0 ? `0${i}` : String(i + 1),
        klassid: i % 2 === 0 ? 'm' : i % 5 === 0 ? null : 'n',
        finishtime: i % 4 === 3 ? null : S0 + H + i * 61_000,
      },
    ]),
  ),
  kpanswers: Object.fromEntries(
    HOSTILE.map((_, i): [string, Record<string, ScoringAnswer>] => [
      `t${i}`,
      i % 2 === 0
        ? { k1: { ok: true }, k2: { ok: true }, k3: { ok: true } }
        : { k1: { ok: true, aeg: S0 + 600_000 } },
    ]),
  ),
  spdtickets: {},
  trackstat: {},
};

const classNames = new Map([
  ['m', '1:1'],
  ['n', '=Naised'],
]);
const label = (key: string) => (key === 'yes' ? 'jah' : key.slice(key.lastIndexOf('.') + 1));

const checkpoints: Checkpoint[] = HOSTILE.map((text, i) => ({
  id: `k${i}`,
  kp: {
    nr: i % 4 === 0 ? i + 1 : ['007', '1-1', '1:1', '12a', 'F', '1/2'][i % 6]! + `${i}`,
    ra: (i % 3) + 1,
    inwork: i % 2 === 0,
  },
  data: {
    desc: text,
    longdesc: `${text}\n${text}`,
    loc: { lat: 58.380123456789 + i / 1000, lng: 26.72 + i / 7 },
    responses: { a: text === '' ? 'x' : text, b: '1:1' },
  },
  answer: 'a',
}));

const field = (id: string, muitype: RegField['muitype'], choices: string[] = []): RegField => ({
  id,
  builtin: false,
  label: id,
  hint: '',
  muitype,
  choices,
  s: 0,
  required: false,
  public: false,
  deleted: false,
});

const cupRows: CupRow[] = HOSTILE.map((name, i) => ({
  class: i % 2 ? '1-1' : '',
  key: `0${i}`,
  name,
  allnames: [name],
  place: i + 1,
  placeLabel: `${i + 1}.`,
  scores: [25 - i / 2, i % 3 ? null : 12, 7],
  used: [true, false, i % 2 === 0],
  own: [true, true, true],
  total: 100 - i,
}));

/** Every CSV Rada makes, by file name. */
function files(): Record<string, string> {
  const results = computeResults(event, S0 + 2 * H);
  const registrations = registrationsCsv(
    {
      fields: [field('phone', 'text'), field('choice', 'multiple', ['1:1', '007', 'a;b'])],
      rows: HOSTILE.map((text, i) => ({
        teamId: `t${i}`,
        nr: `0${i}`,
        name: text,
        klassid: i % 2 ? 'm' : null,
        allowed: i % 3 === 0,
        regtime: S0 - i * 86_400_000,
        orgcomment: text,
        values: { phone: HOSTILE[(i + 5) % HOSTILE.length], choice: ['1:1', 'a;b'] },
        user: i % 2 ? { email: `${i}@x.ee`, phone: '+3725551234', displayName: text } : null,
        ...(i % 2 ? { members: [text, 'Mari Maasikas'], club: text } : {}),
      })),
    } as Parameters<typeof registrationsCsv>[0],
    false,
    {
      nr: 'Nr',
      team: 'Team',
      teamId: 'Id',
      klass: 'Class',
      allowed: 'Allowed',
      email: 'E-mail',
      phone: 'Phone',
      displayName: 'Name',
      regtime: 'Registered',
      orgcomment: 'Comment',
      members: 'Members',
      club: 'Club',
      yes: 'yes',
      no: 'no',
      className: (id) => classNames.get(id) ?? id,
      field: (f) => f.label,
    },
  );
  return {
    results: resultsToCsv(results, { classNames, label, offsetMinutes: () => 120 }),
    kp: exportCheckpointsCsv(checkpoints, 'et'),
    kptemplate: kpCsvTemplate('en'),
    printitems: printItemsCsv(
      Object.fromEntries(
        HOSTILE.map((name, i) => [
          `p${i}`,
          { loc: { lat: 58.3 + i / 3, lng: 26.7 }, type: 'kp', name, limit: i },
        ]),
      ),
    ),
    teams: teamsCsv(
      HOSTILE.map((name, i) =>
        teamListEntry(`t${i}`, {
          name,
          nr: i % 2 ? `0${i}` : String(i + 1),
          klassid: i % 2 ? 'm' : null,
          starttime: S0,
          finishtime: i % 2 ? S0 + H : null,
          dsq: i % 5 === 0,
          devs: [`d${i}`, '1:1'],
          lypoints: { '1:1': i - 3 },
        }),
      ),
      { label, className: (id) => classNames.get(id) ?? id, extras: ['1:1'] },
    ),
    registrations,
    cup: cupStandingsCsv(cupRows, 3, label),
  };
}

/** The cells of a CSV as Rada's reader sees them (the BOM left out). */
function cells(text: string): string[][] {
  const clean = text.startsWith('\uFEFF') ? text.slice(1) : text;
  return readCsv(clean, ';')
    .filter((r, i, all) => i < all.length - 1 || r.cells.some((c) => c !== ''))
    .map((r) => r.cells);
}

const isNumber = (text: string) => /^-?(0|[1-9]\d*)(\.\d+)?(e[-+]?\d+)?$/i.test(text);
/** `1:00:01` as the sheet may show a time: `01:00:01 AM`, `01:00:01`. */
function sameTime(written: string, shown: string): boolean {
  const m = /^0?(\d+):(\d\d):(\d\d)( AM| PM)?$/.exec(shown);
  if (!m) return false;
  const hours =
    (Number(m[1]) % 12) +
    (m[4] === ' PM' ? 12 : m[4] === ' AM' ? 0 : 12 * Math.floor(Number(m[1]) / 12));
  return written === `${hours}:${m[2]}:${m[3]}`;
}

/** The differences between what Rada wrote and what the sheet shows, as readable lines. */
function differences(written: string[][], shown: string[][], timeColumns: Set<number>): string[] {
  const out: string[] = [];
  const lines = (s: string) => s.replaceAll('\r\n', '\n');
  if (shown.length !== written.length) out.push(`rows: ${written.length} → ${shown.length}`);
  written.forEach((row, r) => {
    row.forEach((cell, c) => {
      const back = shown[r]?.[c] ?? '';
      if (lines(back) === lines(cell)) return;
      if (
        isNumber(cell) &&
        back !== '' &&
        Math.abs(Number(back) - Number(cell)) <= 1e-12 * Math.max(1, Math.abs(Number(cell)))
      )
        return;
      if (timeColumns.has(c) && r > 0 && sameTime(cell, back)) return;
      out.push(`row ${r + 1} column ${c + 1}: ${JSON.stringify(cell)} → ${JSON.stringify(back)}`);
    });
  });
  return out;
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rada-sheet-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/**
 * Runs soffice over the files: CSV import with `;`, `"`, UTF-8 and the given locale and "detect
 * special numbers" (the CSV filter's options 1-8) to xlsx, then xlsx to CSV as shown.
 */
function roundTrip(soffice: string, names: string[], locale: number, special: boolean) {
  const run = path.join(dir, `${locale}-${special}`);
  fs.mkdirSync(path.join(run, 'back'), { recursive: true });
  const profile = `-env:UserInstallation=file://${path.join(dir, 'profile')}`;
  const soff = (args: string[]) => {
    const r = spawnSync(soffice, [profile, '--headless', ...args], {
      encoding: 'utf8',
      timeout: 180_000,
    });
    expect(r.status, r.stderr).toBe(0);
  };
  soff([
    `--infilter=CSV:59,34,76,1,,${locale},false,${special}`,
    '--convert-to',
    'xlsx',
    '--outdir',
    run,
    ...names.map((n) => path.join(dir, `${n}.csv`)),
  ]);
  soff([
    '--convert-to',
    'csv:Text - txt - csv (StarCalc):59,34,76,1,,0,false,true,true',
    '--outdir',
    path.join(run, 'back'),
    ...names.map((n) => path.join(run, `${n}.xlsx`)),
  ]);
  return {
    xlsx: (n: string) => path.join(run, `${n}.xlsx`),
    back: (n: string) => fs.readFileSync(path.join(run, 'back', `${n}.csv`), 'utf8'),
  };
}

/** The xlsx's first sheet's XML (unzip), to look for formulas. */
function sheetXml(file: string): string {
  const r = spawnSync('unzip', ['-p', file, 'xl/worksheets/sheet1.xml'], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout : '';
}

describe.skipIf('why' in found)('LibreOffice opens every CSV Rada writes', () => {
  const soffice = 'soffice' in found ? found.soffice : '';
  const written = files();
  const names = Object.keys(written);
  for (const name of names) fs.writeFileSync(path.join(dir, `${name}.csv`), written[name]!);
  const timeColumns = (name: string) =>
    new Set(name === 'results' ? [cells(written.results!)[0]!.indexOf('spenttime')] : []);

  it('the hostile event is hostile: texts that look like values, formulas, controls', () => {
    expect(written.results).toContain(";'1:1;");
    expect(written.results).toContain("'=1+1");
    expect(written.results).toMatch(/;1×2 3×1;/);
    expect(written.kp).toContain("'007");
    expect(written.teams).toContain("'0");
    for (const text of Object.values(written)) {
      // eslint-disable-next-line no-control-regex
      expect(text).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/);
    }
  });

  for (const [locale, special, what] of [
    [1033, true, 'English (US), special numbers detected'],
    [1061, false, 'Estonian, LibreOffice defaults'],
  ] as const) {
    it(`keeps every cell's text: ${what}`, { timeout: 300_000 }, () => {
      const sheet = roundTrip(soffice, names, locale, special);
      const problems = names.flatMap((name) =>
        differences(cells(written[name]!), cells(sheet.back(name)), timeColumns(name)).map(
          (d) => `${name}: ${d}`,
        ),
      );
      expect(problems).toEqual([]);
      for (const name of names) {
        const xml = sheetXml(sheet.xlsx(name));
        expect(xml).toContain('<sheetData>');
        expect(xml, `${name} has no formula`).not.toContain('<f>');
      }
    });
  }

  it(
    'the KP CSV saved by the spreadsheet imports back to the same checkpoints',
    { timeout: 300_000 },
    () => {
      const sheet = roundTrip(soffice, ['kp'], 1033, true);
      const read = (text: string) => {
        const preview = parseCheckpointCsv(text);
        expect(preview.fileError).toBeNull();
        expect(preview.rows.flatMap((r) => r.errors)).toEqual([]);
        return acceptedInputs(preview);
      };
      const direct = read(written.kp!);
      expect(direct).toHaveLength(checkpoints.length);
      // The sheet writes line breaks as LF and leaves edge spaces unquoted, which the reader trims.
      const plain = (v: unknown): unknown =>
        typeof v === 'string'
          ? v.replaceAll('\r\n', '\n').trim()
          : Array.isArray(v)
            ? v.map(plain)
            : v && typeof v === 'object'
              ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, plain(x)]))
              : v;
      expect(plain(read(sheet.back('kp')))).toEqual(plain(direct));
    },
  );
});
