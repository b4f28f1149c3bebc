/**
 * Shared pieces of the property/fuzz suite (`*.fuzz.test.ts`, docs/security.md): how many inputs
 * a property gets, a hang guard, and structure-aware mutations of valid text and bytes. For
 * tests only; nothing in the product imports it.
 */
import fc from 'fast-check';

// Core's lib setting declares no Node globals; the runner (vitest in Node) has them.
declare const process: { env: Record<string, string | undefined> };
declare const performance: { now(): number };

const envInt = (name: string, fallback: number): number => {
  const n = Number(process.env[name]);
  return Number.isSafeInteger(n) && n > 0 ? n : fallback;
};

/** Inputs per parser: FUZZ_RUNS, 2000 in `npm test`, 100000 in `npm run fuzz`. */
export const FUZZ_RUNS = envInt('FUZZ_RUNS', 2000);

/** Runs of round-trip properties (valid data in, the same out): fewer, they are not outside input. */
export const ROUND_TRIP_RUNS = Math.min(FUZZ_RUNS, 10_000);

/** Time a whole property may take (vitest's timeout for the fuzz describes): 10^5 inputs on a busy machine. */
export const FUZZ_TEST_TIMEOUT_MS = 1_800_000;

/** A parse taking longer than this (ms) on one fuzz input counts as a hang. */
export const FUZZ_MAX_MS = envInt('FUZZ_MAX_MS', 1000);

/** fast-check options: FUZZ_RUNS runs, and FUZZ_SEED to replay a reported failure. */
export function fuzzOptions(runs = FUZZ_RUNS): fc.Parameters<unknown> {
  const seed = process.env.FUZZ_SEED;
  return { numRuns: runs, ...(seed ? { seed: Number(seed) } : {}) };
}

/**
 * A property's assertion: throws `what` with the value (as JSON, cut to 500 characters; a text's
 * code points too, so lone surrogates and look-alikes show) when `ok` is false.
 */
export function check(ok: boolean, what: string, value: unknown): void {
  if (ok) return;
  const json = JSON.stringify(value)?.slice(0, 500);
  const points =
    typeof value === 'string'
      ? ` ${JSON.stringify([...value.slice(0, 100)].map((c) => c.codePointAt(0)))}`
      : '';
  throw new Error(`${what}: ${json}${points}`);
}

/** Runs `parse` and fails when it takes longer than FUZZ_MAX_MS (a hang or a super-linear blow-up). */
export function timed<T>(parse: () => T): T {
  const start = performance.now();
  const out = parse();
  const took = performance.now() - start;
  if (took > FUZZ_MAX_MS) throw new Error(`parse took ${Math.round(took)} ms`);
  return out;
}

/**
 * Runs `parse` and answers its value or the error it threw when `allowed(error)`; any other
 * error (TypeError, RangeError, an untyped Error) fails the property with that error.
 */
export function outcome<T>(
  parse: () => T,
  allowed: (error: unknown) => boolean,
): { ok: true; value: T } | { ok: false; error: unknown } {
  let value: T;
  try {
    value = timed(parse);
  } catch (error) {
    if (error instanceof Error && error.message.startsWith('parse took')) throw error;
    if (allowed(error)) return { ok: false, error };
    throw error;
  }
  return { ok: true, value };
}

/** One edit of a text or byte sequence; positions are taken modulo the length. */
type Edit =
  | { kind: 'insert'; at: number; piece: number }
  | { kind: 'delete'; at: number; len: number }
  | { kind: 'replace'; at: number; len: number; piece: number }
  | { kind: 'duplicate'; at: number; len: number }
  | { kind: 'truncate'; at: number }
  | { kind: 'swap'; at: number; other: number; len: number };

const edit: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), piece: fc.nat() }),
  fc.record({
    kind: fc.constant('delete' as const),
    at: fc.nat(),
    len: fc.integer({ min: 1, max: 16 }),
  }),
  fc.record({
    kind: fc.constant('replace' as const),
    at: fc.nat(),
    len: fc.integer({ min: 1, max: 8 }),
    piece: fc.nat(),
  }),
  fc.record({
    kind: fc.constant('duplicate' as const),
    at: fc.nat(),
    len: fc.integer({ min: 1, max: 64 }),
  }),
  fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
  fc.record({
    kind: fc.constant('swap' as const),
    at: fc.nat(),
    other: fc.nat(),
    len: fc.integer({ min: 1, max: 16 }),
  }),
);

/** Applies edits to a sequence; `pieces` are what insert and replace put in. */
function applyEdits<S extends { length: number; slice(a?: number, b?: number): S }>(
  base: S,
  edits: Edit[],
  pieces: S[],
  join: (parts: S[]) => S,
): S {
  let s = base;
  for (const e of edits) {
    const n = s.length;
    const at = n === 0 ? 0 : e.at % (n + 1);
    switch (e.kind) {
      case 'insert':
        s = join([s.slice(0, at), pieces[e.piece % pieces.length]!, s.slice(at)]);
        break;
      case 'delete':
        s = join([s.slice(0, at), s.slice(at + e.len)]);
        break;
      case 'replace':
        s = join([s.slice(0, at), pieces[e.piece % pieces.length]!, s.slice(at + e.len)]);
        break;
      case 'duplicate':
        s = join([s.slice(0, at + e.len), s.slice(at)]);
        break;
      case 'truncate':
        s = s.slice(0, at);
        break;
      case 'swap': {
        const other = n === 0 ? 0 : e.other % (n + 1);
        const [a, b] = at < other ? [at, other] : [other, at];
        const len = Math.min(e.len, b - a);
        s = join([
          s.slice(0, a),
          s.slice(b, b + len),
          s.slice(a + len, b),
          s.slice(a, a + len),
          s.slice(b + len),
        ]);
        break;
      }
    }
  }
  return s;
}

/** Text pieces every text mutation may insert: delimiters, quotes, escapes, odd characters. */
export const COMMON_TOKENS = [
  '',
  ' ',
  '\n',
  '\r\n',
  '\r',
  '\t',
  '"',
  "'",
  '\\',
  '\u0000',
  '\uFEFF',
  '\uD800',
  '\uDC00',
  '\u2028',
  '😀',
  'õäöüšž',
  '-',
  '+',
  '.',
  ',',
  ';',
  ':',
  '0',
  '-0',
  '1e309',
  '-1e309',
  'NaN',
  'Infinity',
  '9007199254740993',
  '1'.repeat(40),
  '__proto__',
  'constructor',
  'toString',
  'null',
  'true',
  '{}',
  '[]',
];

/**
 * Mutations of valid texts: 1 to 8 edits (insert or replace with a token, delete, duplicate,
 * swap or cut a range), tokens from COMMON_TOKENS plus the format's own `tokens`.
 */
export function mutatedText(
  valid: fc.Arbitrary<string>,
  tokens: readonly string[] = [],
): fc.Arbitrary<string> {
  const pieces = [...COMMON_TOKENS, ...tokens];
  return fc
    .tuple(valid, fc.array(edit, { minLength: 1, maxLength: 8 }))
    .map(([base, edits]) => applyEdits(base, edits, pieces, (parts) => parts.join('')));
}

const BYTE_PIECES = [
  [0],
  [0xff],
  [0x80],
  [0x7f],
  [0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f],
  [0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80],
  [0x52, 0x54, 2, 0],
  [0x52, 0x54, 2, 0x9f, 0xff, 0xff, 0xff, 0x0f],
  [0xef, 0xbb, 0xbf],
  [0xc3],
  [0xed, 0xa0, 0x80],
].map((b) => Uint8Array.from(b));

function joinBytes(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** One bit flipped: the smallest corruption of stored bytes. */
const flip = fc.record({ at: fc.nat(), bit: fc.integer({ min: 0, max: 7 }) });

/**
 * Mutations of valid bytes: single bit flips, then 0 to 4 range edits (truncate, delete,
 * duplicate, swap, insert edge-case bytes such as overlong varints or a block header).
 */
export function mutatedBytes(valid: fc.Arbitrary<Uint8Array>): fc.Arbitrary<Uint8Array> {
  return fc
    .tuple(
      valid,
      fc.array(flip, { maxLength: 4 }),
      fc.array(edit, { maxLength: 4 }),
      fc.array(fc.uint8Array({ maxLength: 12 }), { maxLength: 2 }),
    )
    .map(([base, flips, edits, extra]) => {
      const bytes = Uint8Array.from(base);
      for (const f of flips) {
        const at = f.at % Math.max(bytes.length, 1);
        if (at < bytes.length) bytes[at] = bytes[at]! ^ (1 << f.bit);
      }
      return applyEdits(bytes, edits, [...BYTE_PIECES, ...extra], joinBytes);
    });
}

/** Token soup: random sequences of a format's own syntax, which random characters rarely hit. */
export function tokenSoup(tokens: readonly string[], maxLength = 60): fc.Arbitrary<string> {
  return fc
    .array(fc.oneof(fc.constantFrom(...tokens, ...COMMON_TOKENS), fc.string({ maxLength: 4 })), {
      maxLength,
    })
    .map((parts) => parts.join(''));
}

/**
 * Large inputs (up to 20 000 characters) made of one repeated piece: with FUZZ_MAX_MS they catch
 * parsers and regular expressions that blow up on a long run, which small inputs never show.
 */
export function repeated(pieces: readonly string[]): fc.Arbitrary<string> {
  return fc
    .tuple(
      fc.constantFrom(...pieces),
      fc.integer({ min: 1000, max: 20_000 }),
      fc.constantFrom('', 'x', ':', '"', '<', '\n', ';'),
      fc.constantFrom('', '1', '<a>', '"', ';'),
    )
    .map(
      ([piece, chars, tail, head]) =>
        head + piece.repeat(Math.ceil(chars / Math.max(piece.length, 1))) + tail,
    );
}

/** The least of three timings of `run` (ms): less noise from a shared machine. */
function fastest(run: () => unknown): number {
  let best = Infinity;
  for (let i = 0; i < 3; i++) {
    const start = performance.now();
    run();
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

/**
 * Checks that `parse` takes about linear time on inputs built by `input(run)` from each piece
 * repeated n and 4n times: a quadratic parser takes 16 times as long on the longer one, a
 * linear one 4 times (10 times plus 25 ms is allowed for noise). A piece over the limit is
 * measured again up to three times (a busy machine or a collection pause shows once, a quadratic
 * parser every time). Throws naming the piece.
 */
export function checkLinear(
  parse: (text: string) => unknown,
  pieces: readonly string[],
  input: (run: string) => string = (run) => run,
  chars = 12_500,
): void {
  for (const piece of pieces) {
    const text = (n: number) => input(piece.repeat(Math.ceil(n / piece.length)));
    const short = text(chars);
    const long = text(chars * 4);
    let report = '';
    for (let attempt = 0; attempt < 4; attempt++) {
      const a = fastest(() => parse(short));
      const b = fastest(() => parse(long));
      if (b <= 10 * a + 25) {
        report = '';
        break;
      }
      report = `${JSON.stringify(piece)}: ${Math.round(a)} ms for ${short.length} characters but ${Math.round(b)} ms for ${long.length}`;
    }
    if (report) throw new Error(report);
  }
}

/** Random text: any UTF-16 code units (lone surrogates too) or printable Unicode. */
export const randomText: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.string({ unit: 'grapheme', maxLength: 200 }),
  fc.string({ maxLength: 200 }),
);
