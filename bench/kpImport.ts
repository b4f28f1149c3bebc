/**
 * kpImport: the preview of a 1,000-row checkpoint CSV (decode, parse, validate every row, then
 * plan a merge against 150 existing checkpoints), as the import dialog runs it on every file
 * choice. The CSV uses every syntax: prefixed, suffixed and degrees-minutes coordinates, decimal
 * commas, booleans, quoted fields, responses with a star in separate cells and joined by `|`.
 * Baseline: splitting the same text into lines and fields, the least any reader must do.
 * Target: under 1000 ms absolute (issue: "previews in under a second"); the ratio is reported.
 */
import {
  acceptedInputs,
  parseCheckpointFile,
  planImport,
  type Checkpoint,
  type ImportPreview,
} from '@rada/core';
import { medianMs, type BenchResult } from './harness.ts';

const ROWS = 1000;
const EXISTING = 150;
const TARGET_MS = 1000;
const BOOLEANS = ['jah', 'y', 'ok', 'yes', 'true', '1', 'ei', 'false'];

function coordinate(i: number, lat: boolean): string {
  const value = lat ? 58 + i / 10_000 : 26 + i / 10_000;
  switch (i % 4) {
    case 0:
      return `${lat ? 'N' : 'E'}${value.toFixed(6)}`;
    case 1:
      return `${value.toFixed(6).replace('.', ',')}${lat ? 'N' : 'E'}`;
    case 2: {
      const deg = Math.floor(value);
      return `${lat ? 'N' : 'E'}${deg} ${((value - deg) * 60).toFixed(4)}`;
    }
    default:
      return value.toFixed(6);
  }
}

function bigCsv(rows: number): string {
  const lines = [
    'nr;lat;lng;desc;ra;grp;kohustuslik;inwork;allok;tyhistatud;maxanswerdistance;wrongpenalty;longdesc;a;id;response1;response2',
  ];
  for (let i = 1; i <= rows; i++) {
    const b = (k: number) => BOOLEANS[(i + k) % BOOLEANS.length]!;
    const responses = i % 2 === 0 ? `*a:Kivi ${i};b:Puu` : `a:Jah|*b:Ei \\| vist;c:Kell 12:30`;
    lines.push(
      [
        i,
        coordinate(i, true),
        coordinate(i, false),
        i % 5 === 0 ? `"Kivi äär; ""suur"" ${i}"` : `Kivi äär ${i}`,
        (i % 3) + 1,
        '1,5',
        b(0),
        b(1),
        b(2),
        b(3),
        25,
        i % 7,
        i % 10 === 0 ? '"Rida üks\r\nRida kaks"' : '',
        '',
        `k${i}`,
        responses,
      ].join(';'),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

function existingCheckpoints(n: number): Checkpoint[] {
  return Array.from({ length: n }, (_, k) => ({
    id: `old${k + 1}`,
    kp: { nr: k + 1, ra: 1 },
    data: k % 2 === 0 ? { desc: `Old ${k + 1}` } : {},
    answer: null,
  }));
}

function preview(bytes: Uint8Array, existing: Checkpoint[]) {
  const p = parseCheckpointFile('kp.csv', bytes);
  const inputs = acceptedInputs(p);
  return { preview: p, plan: inputs ? planImport(existing, inputs, 'merge') : null };
}

function check(p: ImportPreview, encoding: string): string | null {
  const bad = p.rows.find((r) => r.errors.length > 0);
  if (p.fileError) return `file error ${JSON.stringify(p.fileError)}`;
  if (p.rows.length !== ROWS) return `${p.rows.length} rows instead of ${ROWS}`;
  if (bad) return `line ${bad.line}: ${JSON.stringify(bad.errors)}`;
  if (p.encoding !== encoding) return `read as ${p.encoding}, expected ${encoding}`;
  return null;
}

/** Runs the benchmark and prints its figures. */
export async function kpImportBench(): Promise<BenchResult> {
  const text = bigCsv(ROWS);
  const utf8 = new TextEncoder().encode(text);
  const latin1 = Uint8Array.from(text, (c) => c.charCodeAt(0));
  const existing = existingCheckpoints(EXISTING);

  // Correctness first: a fast preview that refuses the file would prove nothing.
  const once = preview(utf8, existing);
  const problem =
    check(once.preview, 'utf-8') ?? check(preview(latin1, existing).preview, 'iso-8859-1');
  if (problem || !once.plan) {
    console.log(`kpImport: the generated CSV did not preview cleanly: ${problem ?? 'refused'}`);
    return { name: 'kpImport', ok: false };
  }
  const { add, update, skipped } = once.plan;

  const repeat = 21;
  for (let i = 0; i < 5; i++) preview(utf8, existing); // warm-up
  const baseline = await medianMs(() => text.split(/\r?\n/).map((line) => line.split(';')), repeat);
  const measured = await medianMs(() => preview(utf8, existing), repeat);
  const measuredLatin1 = await medianMs(() => preview(latin1, existing), repeat);

  const ok = measured < TARGET_MS && measuredLatin1 < TARGET_MS;
  const ratio = (ms: number) => `${(ms / baseline).toFixed(0)}×`;
  console.log(
    `kpImport: preview of ${ROWS} CSV rows (${(utf8.length / 1024).toFixed(0)} KiB) + merge plan against ${EXISTING} KPs ` +
      `(${add.length} add, ${update.length} update, ${skipped.length} skipped): ` +
      `${measured.toFixed(2)} ms UTF-8, ${measuredLatin1.toFixed(2)} ms ISO-8859-1 retry (median of ${repeat})`,
  );
  console.log(
    `kpImport: baseline split into lines and fields ${baseline.toFixed(2)} ms; ratio ${ratio(measured)} UTF-8, ` +
      `${ratio(measuredLatin1)} ISO-8859-1 (target < ${TARGET_MS} ms absolute) ${ok ? 'OK' : 'OVER TARGET'}`,
  );
  return { name: 'kpImport', ok };
}
