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
    expect(
      short.error?.issues.map((i) => [i.path, i.code === 'custom' ? i.params?.key : i.code]),
    ).toEqual([[['code'], 'joinc.error.tooshort']]);
    // A code of the wrong characters is not also too short.
    const bad = CreateJoinCodeBody.safeParse({ code: 'a!', valid: 5 });
    expect(bad.error?.issues.map((i) => i.code)).toEqual(['invalid_format']);
    expect(UseJoinCodeBody.parse({ code: 'xyz9', teamName: ' Us ' })).toEqual({
      code: 'XYZ9',
      teamName: 'Us',
    });
  });
});

describe('joinCodeValidUntil', () => {
  const TALLINN = 'Europe/Tallinn';

  it("ends at the end of the day in the event's zone, the chosen time after today", () => {
    // 31 January 2026, 10:15 in Tallinn (UTC+2 in winter).
    const now = Date.parse('2026-01-31T08:15:30Z');
    expect(joinCodeValidUntil(now, '1w', TALLINN)).toBe(
      Date.parse('2026-02-07T23:59:59.999+02:00'),
    );
    expect(joinCodeValidUntil(now, '2w', TALLINN)).toBe(
      Date.parse('2026-02-14T23:59:59.999+02:00'),
    );
    // A month after 31 January is the last of February; two months, 31 March (summer time).
    expect(joinCodeValidUntil(now, '1m', TALLINN)).toBe(
      Date.parse('2026-02-28T23:59:59.999+02:00'),
    );
    expect(joinCodeValidUntil(now, '2m', TALLINN)).toBe(
      Date.parse('2026-03-31T23:59:59.999+03:00'),
    );
  });

  it('crosses the changes of summer time with the end still at 23:59:59 local time', () => {
    // Summer time begins 29 March 2026 and ends 25 October 2026 in Tallinn.
    const march = Date.parse('2026-03-25T12:00:00Z');
    expect(joinCodeValidUntil(march, '1w', TALLINN)).toBe(Date.parse('2026-04-01T20:59:59.999Z'));
    const october = Date.parse('2026-10-20T12:00:00Z');
    expect(joinCodeValidUntil(october, '1w', TALLINN)).toBe(Date.parse('2026-10-27T21:59:59.999Z'));
    expect(joinCodeValidUntil(october, '2m', TALLINN)).toBe(Date.parse('2026-12-20T21:59:59.999Z'));
  });

  it("takes today from the event's zone, not from UTC", () => {
    // 22:30 UTC on 30 June is already 1 July in Tallinn, still 30 June in New York.
    const now = Date.parse('2026-06-30T22:30:00Z');
    expect(joinCodeValidUntil(now, '1w', TALLINN)).toBe(
      Date.parse('2026-07-08T23:59:59.999+03:00'),
    );
    expect(joinCodeValidUntil(now, '1w', 'America/New_York')).toBe(
      Date.parse('2026-07-07T23:59:59.999-04:00'),
    );
    expect(joinCodeValidUntil(now, '1w', 'UTC')).toBe(Date.parse('2026-07-07T23:59:59.999Z'));
  });

  it('shapes the create body: a validity choice or an exact end, one of them', () => {
    expect(CreateJoinCodeBody.parse({ validity: '2w' })).toEqual({
      singleteam: false,
      validity: '2w',
    });
    expect(CreateJoinCodeBody.safeParse({}).success).toBe(false);
    expect(CreateJoinCodeBody.safeParse({ validity: '2w', valid: 5 }).success).toBe(false);
    expect(CreateJoinCodeBody.safeParse({ validity: '3w' }).success).toBe(false);
  });
});

describe('joinPath', () => {
  it('builds the join link of a code', () => {
    expect(joinPath('spring', 'ABC123')).toBe('/spring/join/ABC123');
    expect(joinPath('a b', 'X')).toBe('/a%20b/join/X');
  });
});
