/**
 * Fuzz properties of isPublicAddress, the guard every outbound fetch (map capabilities, tiles,
 * imports by URL) asks about the address it connects to: whatever the text, an answer and never
 * an exception; an IPv4 address answers the same in every IPv6 spelling that carries it
 * (IPv4-mapped dotted and hex, IPv4-translated, IPv4-compatible, NAT64 64:ff9b::/96), and every
 * loopback, private and link-local address is refused in all of them. FUZZ_RUNS inputs each.
 */
import { isIP } from 'node:net';
import fc from 'fast-check';
import { describe, it } from 'vitest';
import {
  check,
  checkLinear,
  fuzzOptions,
  mutatedText,
  randomText,
  repeated,
  timed,
  tokenSoup,
  FUZZ_TEST_TIMEOUT_MS,
} from '@rada/core/testing';
import { isPublicAddress } from './ipAddress.ts';

const answer = (text: string): boolean => timed(() => isPublicAddress(text));

/** The IPv4 ranges the guard refuses (ipAddress.ts's list, written again as [a, b, c, d, bits]). */
const NOT_PUBLIC_V4: [number, number][] = [
  [0x00000000, 8],
  [0x0a000000, 8],
  [0x64400000, 10],
  [0x7f000000, 8],
  [0xa9fe0000, 16],
  [0xac100000, 12],
  [0xc0000000, 24],
  [0xc0000200, 24],
  [0xc0a80000, 16],
  [0xc6120000, 15],
  [0xc6336400, 24],
  [0xcb007100, 24],
  [0xe0000000, 4],
  [0xf0000000, 4],
];
const inRange = (n: number, [first, bits]: [number, number]) =>
  Math.floor(n / 2 ** (32 - bits)) === Math.floor(first / 2 ** (32 - bits));
const referencePublicV4 = (n: number) => !NOT_PUBLIC_V4.some((r) => inRange(n, r));

/** The ranges the brief names: loopback, private, link-local (IPv4). */
const PRIVATE_V4: [number, number][] = [
  [0x7f000000, 8],
  [0x0a000000, 8],
  [0xac100000, 12],
  [0xc0a80000, 16],
  [0xa9fe0000, 16],
];

const dotted = (n: number) => [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');

const anyV4 = fc.integer({ min: 0, max: 0xffffffff });
/** Addresses near range edges as often as anywhere: a range's first or last address, ±1. */
const edgyV4 = fc.oneof(
  anyV4,
  fc
    .tuple(fc.constantFrom(...NOT_PUBLIC_V4), fc.nat(4), fc.nat())
    .map(([[first, bits], where, r]) => {
      const size = 2 ** (32 - bits);
      // Before the range, its first, second, last address, after it; or anywhere inside.
      const n = first + [-1, 0, 1, size - 1, size][where]! + (where === 2 ? r % (size - 1) : 0);
      return ((n % 2 ** 32) + 2 ** 32) % 2 ** 32;
    }),
);
const privateV4 = fc
  .tuple(fc.constantFrom(...PRIVATE_V4), fc.nat())
  .map(([[first, bits], r]) => first + (r % 2 ** (32 - bits)));

/** A 16-bit word written with 1 to 4 hex digits (leading zeros kept or not), either case. */
const word = (w: number, pad: number, upper: boolean) => {
  const hex = w.toString(16).padStart(pad, '0');
  return upper ? hex.toUpperCase() : hex;
};

/**
 * Any spelling Node accepts of the IPv6 address with these 8 words: one run of zero words
 * (any, when there are several) cut to '::' or none, leading zeros, case, the last 32 bits as a
 * dotted IPv4 address, brackets, a zone.
 */
function spell(
  words: number[],
  s: { cut: number; pad: number; upper: boolean; dotted: boolean; bracket: boolean; zone: string },
): string {
  const tail = s.dotted ? 6 : 8;
  const parts = words.slice(0, tail).map((w) => word(w, s.pad, s.upper));
  if (s.dotted) parts.push(dotted(words[6]! * 65536 + words[7]!));
  // Zero runs among the hex words: [start, end) pairs.
  const runs: [number, number][] = [];
  for (let i = 0; i < tail; i++) {
    if (words[i] !== 0) continue;
    let j = i;
    while (j < tail && words[j] === 0) j++;
    for (let a = i; a < j; a++) for (let b = a + 1; b <= j; b++) runs.push([a, b]);
    i = j;
  }
  let text: string;
  if (runs.length === 0 || s.cut % (runs.length + 1) === runs.length) {
    text = parts.join(':');
  } else {
    const [a, b] = runs[s.cut % (runs.length + 1)]!;
    text = `${parts.slice(0, a).join(':')}::${parts.slice(b).join(':')}`;
  }
  if (s.zone) text += `%${s.zone}`;
  return s.bracket ? `[${text}]` : text;
}

const spelling = fc.record({
  cut: fc.nat(),
  pad: fc.integer({ min: 1, max: 4 }),
  upper: fc.boolean(),
  dotted: fc.boolean(),
  bracket: fc.boolean(),
  zone: fc.oneof(
    { weight: 4, arbitrary: fc.constant('') },
    { weight: 1, arbitrary: fc.constantFrom('eth0', '1', 'lo', '25eth0') },
  ),
});

/** The IPv6 forms that carry IPv4 address n: mapped, translated, compatible, NAT64. */
const carriers = (n: number): number[][] => {
  const [hi, lo] = [Math.floor(n / 65536), n % 65536];
  return [
    [0, 0, 0, 0, 0, 0xffff, hi, lo],
    [0, 0, 0, 0, 0xffff, 0, hi, lo],
    [0, 0, 0, 0, 0, 0, hi, lo],
    [0x64, 0xff9b, 0, 0, 0, 0, hi, lo],
  ];
};
const carrierSpelling = (v4: fc.Arbitrary<number>) =>
  fc
    .tuple(v4, fc.nat(3), spelling)
    .map(([n, form, s]) => ({ n, text: spell(carriers(n)[form]!, s) }));

const anyWords = fc.array(
  fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 0xffff }), fc.constant(0xffff)),
  { minLength: 8, maxLength: 8 },
);
/** ::1, fc00::/7 (unique local) and fe80::/10 (link-local) addresses. */
const privateV6 = fc.oneof(
  fc.constant<number[]>([0, 0, 0, 0, 0, 0, 0, 1]),
  fc
    .tuple(fc.integer({ min: 0xfc00, max: 0xfdff }), anyWords)
    .map(([first, w]) => [first, ...w.slice(1)]),
  fc
    .tuple(fc.integer({ min: 0xfe80, max: 0xfebf }), anyWords)
    .map(([first, w]) => [first, ...w.slice(1)]),
);

const ADDRESS_TOKENS = [
  ':',
  '::',
  '.',
  '%',
  '[',
  ']',
  'ffff',
  'FFFF',
  '0',
  '00000',
  '127',
  '255',
  '256',
  '7f00',
  '64:ff9b',
  '2002',
  'fe80',
  'fc00',
  '::ffff:',
  '127.0.0.1',
  '%eth0',
  '%25',
  '0x7f',
];
const someAddress = fc.oneof(
  anyV4.map(dotted),
  carrierSpelling(anyV4).map((c) => c.text),
  fc.tuple(anyWords, spelling).map(([w, s]) => spell(w, s)),
);
const anyText = fc.oneof(
  { weight: 2, arbitrary: randomText },
  { weight: 2, arbitrary: someAddress },
  { weight: 4, arbitrary: mutatedText(someAddress, ADDRESS_TOKENS) },
  { weight: 2, arbitrary: tokenSoup(ADDRESS_TOKENS, 30) },
  { weight: 1, arbitrary: repeated(['1', ':', '1:', 'f:', '.', '1.', '%', '[', '::']) },
);

describe('isPublicAddress on any input', { timeout: FUZZ_TEST_TIMEOUT_MS }, () => {
  it('answers a boolean for any text, and true only for an IP address', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const yes = answer(text);
        check(typeof yes === 'boolean', 'not a boolean', text);
        if (yes) check(isIP(text.replace(/^\[(.*)\]$/, '$1')) !== 0, 'public non-address', text);
      }),
      fuzzOptions(),
    );
  });

  it('answers an IPv4 address as its range list says', () => {
    fc.assert(
      fc.property(edgyV4, (n) => {
        check(answer(dotted(n)) === referencePublicV4(n), 'wrong answer', dotted(n));
      }),
      fuzzOptions(),
    );
  });

  it('answers an IPv4 address the same in every IPv6 spelling that carries it', () => {
    fc.assert(
      fc.property(carrierSpelling(edgyV4), ({ n, text }) => {
        check(answer(text) === answer(dotted(n)), `not as ${dotted(n)}`, text);
      }),
      fuzzOptions(),
    );
  });

  it('refuses loopback, private and link-local addresses in every spelling', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          privateV4.map(dotted),
          carrierSpelling(privateV4).map((c) => c.text),
          fc.tuple(privateV6, spelling).map(([w, s]) => spell(w, s)),
        ),
        (text) => check(!answer(text), 'public', text),
      ),
      fuzzOptions(),
    );
  });

  it('answers an IPv6 address the same in every spelling, and as the URL parser writes it', () => {
    fc.assert(
      fc.property(anyWords, spelling, spelling, (words, a, b) => {
        const [x, y] = [spell(words, a), spell(words, b)];
        check(answer(x) === answer(y), 'spellings differ', [x, y]);
        const canonical = new URL(`http://[${spell(words, { ...a, bracket: false, zone: '' })}]/`)
          .hostname;
        check(answer(x) === answer(canonical), 'differs from the URL form', [x, canonical]);
      }),
      fuzzOptions(),
    );
  });

  it('a zone, brackets or text around an address never make a refused address public', () => {
    fc.assert(
      fc.property(
        fc.oneof(privateV4.map(dotted), edgyV4.map(dotted), someAddress),
        fc.constantFrom('%', '%eth0', '%25', '%%', ']', '[', ' ', '\n', '.', ':', ':0'),
        fc.boolean(),
        (address, extra, before) => {
          if (answer(address)) return;
          const text = before ? extra + address : address + extra;
          check(!answer(text), 'public', text);
          check(!answer(`[${text}]`), 'public', `[${text}]`);
        },
      ),
      fuzzOptions(),
    );
  });

  it('takes linear time on long runs', () => {
    checkLinear(isPublicAddress, ['1', ':', '1:', 'f:', '0.', '%', '[', '::ffff:'], (run) => run);
    checkLinear(isPublicAddress, ['a', '1', '%'], (run) => `fe80::1%${run}`);
  });
});
