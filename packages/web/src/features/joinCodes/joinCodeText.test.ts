import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import 'dayjs/locale/et';
import { JOIN_CODE_ALPHABET, JOIN_CODE_LENGTH, JOIN_CODE_MAX_LENGTH } from '@rada/core';
import {
  dataUrlToBlob,
  formatValidUntil,
  isCodeShape,
  isNewCodeShape,
  isExpired,
  joinUrl,
  normalizeCodeInput,
  qrFileName,
  randomBelow,
  randomJoinCode,
  userLabel,
  validUntilText,
} from './joinCodeText.ts';

describe('join-code helpers', () => {
  it('upper-case a typed code and keep only letters and digits', () => {
    expect(normalizeCodeInput(' ab-12 cd ')).toBe('AB12CD');
    expect(normalizeCodeInput('õun7')).toBe('UN7');
    expect(normalizeCodeInput('x'.repeat(40))).toHaveLength(JOIN_CODE_MAX_LENGTH);
    expect(isCodeShape('AB12')).toBe(true);
    expect(isCodeShape('AB1')).toBe(false);
    expect(isCodeShape('ab12')).toBe(false);
    // A new code needs 6 characters.
    expect(isNewCodeShape('AB12C')).toBe(false);
    expect(isNewCodeShape('AB12CD')).toBe(true);
    expect(isNewCodeShape('AB-12CD')).toBe(false);
  });

  it('draw random numbers without modulo bias', () => {
    const values = [0xffff_ffff, 0xffff_fffe, 5];
    const fill = (a: Uint32Array) => {
      a[0] = values.shift() ?? 0;
      return a;
    };
    // 2^32 is not a multiple of 31: the top values are redrawn, then 5 % 31 = 5.
    expect(randomBelow(31, fill)).toBe(5);
    expect(values).toEqual([]);
  });

  it('generate codes of the default length from the alphabet', () => {
    let seed = 7;
    const fill = (a: Uint32Array) => {
      seed = (seed * 1_103_515_245 + 12_345) >>> 0;
      a[0] = seed;
      return a;
    };
    const code = randomJoinCode(fill);
    expect(code).toHaveLength(JOIN_CODE_LENGTH);
    for (const c of code) expect(JOIN_CODE_ALPHABET).toContain(c);
    expect(randomJoinCode(fill)).not.toBe(code);
  });

  it('show the validity as a day, month name, year and time', () => {
    const ms = new Date(2026, 11, 21, 20, 59).getTime();
    expect(formatValidUntil(ms, 'en')).toBe('21 December 2026 20:59');
    expect(formatValidUntil(ms, 'et')).toBe('21. detsember 2026 20:59');
    expect(isExpired({ valid: ms }, ms + 1)).toBe(true);
    expect(isExpired({ valid: ms }, ms)).toBe(false);
  });

  it("show a code's end in the event's time zone, as the end of a day when it is one", () => {
    const t = ((key: string, o: Record<string, string>) =>
      `${key}|${Object.values(o).join('|')}`) as unknown as TFunction;
    const end = Date.parse('2026-12-04T23:59:59.999+02:00');
    expect(validUntilText(t, end, 'Europe/Tallinn', 'en')).toBe(
      'joinc.end.day|04 December 2026|Europe/Tallinn',
    );
    expect(validUntilText(t, end, 'Europe/Tallinn', 'et')).toBe(
      'joinc.end.day|4. detsember 2026|Europe/Tallinn',
    );
    // Read in another zone the same moment is 16:59 that day; an older code ends at 20:59.
    expect(validUntilText(t, end, 'America/New_York', 'en')).toBe(
      'joinc.end.time|04 December 2026|16:59|America/New_York',
    );
    const old = Date.parse('2026-12-04T20:59:00+02:00');
    expect(validUntilText(t, old, 'Europe/Tallinn', 'en')).toBe(
      'joinc.end.time|04 December 2026|20:59|Europe/Tallinn',
    );
  });

  it('name users, links and files', () => {
    expect(userLabel({ uid: 'u1', displayName: 'Mari', email: 'm@x.ee' })).toBe('Mari');
    expect(userLabel({ uid: 'u1', displayName: ' ', email: 'm@x.ee' })).toBe('m@x.ee');
    expect(userLabel({ uid: 'u1', displayName: null, email: null })).toBe('u1');
    expect(joinUrl('https://rada.ee/', '/ev/join/AB12CD')).toBe('https://rada.ee/ev/join/AB12CD');
    expect(qrFileName('AB12CD')).toBe('join-AB12CD.png');
  });

  it('turn a data URL into a blob of its type', async () => {
    const blob = dataUrlToBlob(`data:image/png;base64,${btoa('PNG!')}`);
    expect(blob.type).toBe('image/png');
    expect(await blob.text()).toBe('PNG!');
  });
});
