import { describe, expect, it } from 'vitest';
import {
  CreateJoinCodeBody,
  JOIN_CODE_ALPHABET,
  JoinCodeText,
  UseJoinCodeBody,
  generateJoinCode,
  joinCodeValidUntil,
  joinPath,
} from './joinCodes.ts';

describe('generateJoinCode', () => {
  it('draws each character from the alphabet, 6 by default', () => {
    expect(generateJoinCode(() => 0)).toBe('AAAAAA');
    const last = JOIN_CODE_ALPHABET.length - 1;
    expect(generateJoinCode(() => last, 4)).toBe('9999');
    let i = 0;
    expect(generateJoinCode(() => i++)).toBe('ABCDEF');
  });

  it('leaves out look-alike characters', () => {
    for (const c of ['0', 'O', '1', 'I', 'L']) expect(JOIN_CODE_ALPHABET).not.toContain(c);
    expect(JOIN_CODE_ALPHABET).toMatch(/^[A-Z2-9]+$/);
  });
});

describe('JoinCodeText', () => {
  it('reads a typed code as upper case letters and digits', () => {
    expect(JoinCodeText.parse('  abc123 ')).toBe('ABC123');
    expect(JoinCodeText.safeParse('ab').success).toBe(false);
    expect(JoinCodeText.safeParse('ab-12').success).toBe(false);
    expect(JoinCodeText.safeParse('A'.repeat(33)).success).toBe(false);
  });

  it('shapes the create and use bodies', () => {
    expect(CreateJoinCodeBody.parse({ valid: 5 })).toEqual({ singleteam: false, valid: 5 });
    expect(CreateJoinCodeBody.safeParse({ valid: 5, extra: 1 }).success).toBe(false);
    // A chosen code needs 6 characters; a shorter old one can still be used.
    expect(CreateJoinCodeBody.parse({ code: ' abc123 ', valid: 5 }).code).toBe('ABC123');
    const short = CreateJoinCodeBody.safeParse({ code: 'ABC12', valid: 5 });
    expect(short.error?.issues.map((i) => [i.path, i.message])).toEqual([
      [['code'], 'joinc.error.tooshort'],
    ]);
    expect(UseJoinCodeBody.parse({ code: 'xyz9', teamName: ' Us ' })).toEqual({
      code: 'XYZ9',
      teamName: 'Us',
    });
  });
});

describe('joinCodeValidUntil', () => {
  const now = new Date(2026, 0, 31, 10, 15, 30);
  const at = (y: number, m: number, d: number) => new Date(y, m, d, 20, 59, 0, 0).getTime();

  it('ends at 20:59:00 of today plus the chosen duration', () => {
    expect(joinCodeValidUntil(now, '1w')).toBe(at(2026, 1, 7));
    expect(joinCodeValidUntil(now, '2w')).toBe(at(2026, 1, 14));
    expect(joinCodeValidUntil(new Date(2026, 4, 10, 23, 0), '1m')).toBe(at(2026, 5, 10));
    expect(joinCodeValidUntil(new Date(2026, 10, 21, 6, 0), '2m')).toBe(at(2027, 0, 21));
  });
});

describe('joinPath', () => {
  it('builds the join link of a code', () => {
    expect(joinPath('spring', 'ABC123')).toBe('/spring/join/ABC123');
    expect(joinPath('a b', 'X')).toBe('/a%20b/join/X');
  });
});
