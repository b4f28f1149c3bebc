import { afterEach, describe, expect, it } from 'vitest';
import { IMPORT_ISSUE_KEYS, IMPORT_ISSUE_PARAMS, parseCheckpointCsv } from '@rada/core';
import i18n, { setLanguage } from '../../i18n/index.ts';
import { resources } from '../../i18n/resources.ts';
import { importIssueText } from './importSummary.ts';

const en: Record<string, string> = resources.en.translation;
const et: Record<string, string> = resources.et.translation;
const placeholders = (text: string) => [...text.matchAll(/{{(\w+)}}/g)].map((m) => m[1]).sort();

describe('import issue texts', () => {
  afterEach(async () => {
    await setLanguage('en');
  });

  it('exist in English and Estonian for every key, using exactly its parameters', () => {
    for (const key of IMPORT_ISSUE_KEYS) {
      const params = [...IMPORT_ISSUE_PARAMS[key]].sort();
      expect(en[key], `en ${key}`).toBeTruthy();
      expect(et[key], `et ${key}`).toBeTruthy();
      expect(et[key], `et ${key}`).not.toBe(en[key]);
      expect(placeholders(en[key]!), `en ${key}`).toEqual(params);
      expect(placeholders(et[key]!), `et ${key}`).toEqual(params);
    }
  });

  it('render the issues of a parsed file in the interface language', async () => {
    const rows = parseCheckpointCsv('1;xyz;26;a\n2;58').rows;
    const texts = () => rows.flatMap((r) => r.errors.map((e) => importIssueText(i18n.t, e)));
    await setLanguage('en');
    expect(texts()).toEqual([
      'lat: not a coordinate “xyz”',
      'too few columns (2; at least 4 needed)',
    ]);
    await setLanguage('et');
    expect(texts()).toEqual([
      'lat: „xyz“ ei ole koordinaat',
      'liiga vähe veerge (2; vaja vähemalt 4)',
    ]);
    expect(importIssueText(i18n.t, { key: 'bad fail.....' })).toBe(et['bad fail.....']);
  });
});
