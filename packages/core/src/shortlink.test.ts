import { describe, expect, it } from 'vitest';
import { SHORTLINK_MAX_LENGTH } from './limits.ts';
import { RESERVED_SHORTLINKS, isValidShortlink, shortlinkFromName } from './shortlink.ts';

describe('shortlinkFromName', () => {
  it.each([
    ['Tartu Öö Rogain 2026', 'TartuOoRogain2026'],
    ['Šiauliai žiema', 'Siauliaiziema'],
    ['Pärnu Ühisrogain', 'ParnuUhisrogain'],
    ['Õhtune jooks', 'Ohtunejooks'],
    ['Rīgas Kauss', 'RigasKauss'],
    ['Crème brûlée cup', 'Cremebruleecup'],
    ['  spaces\tand\nnewlines ', 'spacesandnewlines'],
    ['Rogain: 2026! (autumn)', 'Rogain2026autumn'],
    ['keep-dashes_and_underscores', 'keep-dashes_and_underscores'],
    ['', ''],
  ])('%j → %j', (name, link) => {
    expect(shortlinkFromName(name)).toBe(link);
  });

  it('cuts a long name to the longest short link', () => {
    const link = shortlinkFromName('Väga pikk nimi '.repeat(10));
    expect(link).toHaveLength(SHORTLINK_MAX_LENGTH);
    expect(link.startsWith('VagapikknimiVagapikknimi')).toBe(true);
  });

  it('derives a valid link from any name with a letter or digit in it', () => {
    for (const name of [
      'Tartu Öö Rogain 2026',
      'Šiauliai žiema',
      'a',
      '7',
      'Ää',
      'x'.repeat(300),
    ]) {
      expect(isValidShortlink(shortlinkFromName(name)), name).toBe(true);
    }
  });
});

describe('isValidShortlink', () => {
  it('accepts letters, digits, - and _ up to the length limit', () => {
    expect(isValidShortlink('Spring-2026_b')).toBe(true);
    expect(isValidShortlink('x'.repeat(SHORTLINK_MAX_LENGTH))).toBe(true);
  });

  it('refuses empty, too long and characters outside the set', () => {
    for (const link of [
      '',
      'x'.repeat(SHORTLINK_MAX_LENGTH + 1),
      'a b',
      'Öö',
      'a.b',
      'a/b',
      'a?b',
      'a%20b',
    ]) {
      expect(isValidShortlink(link), link).toBe(false);
    }
  });

  it('refuses the paths the app itself uses, in any letter case', () => {
    for (const link of [
      'api',
      'API',
      'cup',
      'Cup',
      'accountdelete',
      'AccountDelete',
      'account',
      'Account',
      'assets',
      'admin',
      'news',
    ]) {
      expect(isValidShortlink(link), link).toBe(false);
    }
    for (const reserved of RESERVED_SHORTLINKS)
      expect(isValidShortlink(reserved), reserved).toBe(false);
    // A name that derives a reserved link still gives an invalid one: the user must edit it.
    expect(isValidShortlink(shortlinkFromName('A P I'))).toBe(false);
    expect(isValidShortlink('apis')).toBe(true);
  });
});
