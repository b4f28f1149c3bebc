import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_KEYS, ORDER_RULES, SETTINGS, SETTING_GROUPS, SPEED_KEYS } from '@rada/core';
import { resources } from './resources.ts';

const en: Record<string, string> = resources.en.translation;
const et: Record<string, string> = resources.et.translation;
const placeholders = (text: string) => [...text.matchAll(/{{(\w+)}}/g)].map((m) => m[1]).sort();

describe('translations', () => {
  it('have the same keys and placeholders in English and Estonian', () => {
    expect(Object.keys(et).sort()).toEqual(Object.keys(en).sort());
    for (const key of Object.keys(en)) {
      expect(placeholders(et[key] ?? ''), key).toEqual(placeholders(en[key] ?? ''));
    }
  });

  it('are really translated, not copied', () => {
    const same = Object.keys(en).filter((k) => en[k] === et[k]);
    // Only names, units and words that are the same in both languages may repeat.
    expect(same.length).toBeLessThan(Object.keys(en).length * 0.05);
  });

  it('cover every error key the server answers with and the product keys', () => {
    const product = [
      'createevent.err.exists',
      'createevent.badtemplate',
      'starttime.error.noorbadtime',
      'guide.nocreatorpermission',
      'snackbar.eventcreated',
    ];
    for (const key of [...ERROR_KEYS, ...product]) {
      expect(en[key], key).toBeTruthy();
      expect(et[key], key).toBeTruthy();
    }
    expect(en['snackbar.eventcreated']).toContain('{{name}}');
  });

  it('label every setting, group, unit, choice, ranking rule and speed setting', () => {
    const keys = [
      ...SETTINGS.map((s) => `settings.${s.key}`),
      ...SETTING_GROUPS.map((g) => `settings.group.${g}`),
      ...SETTINGS.flatMap((s) => (s.unit ? [`settings.unit.${s.unit}`] : [])),
      ...SETTINGS.flatMap((s) => (s.options ?? []).map((o) => `settings.${s.key}.${o || 'none'}`)),
      ...ORDER_RULES.map((r) => `settings.orderrule.${r}`),
      ...SPEED_KEYS.map((k) => `settings.speed.${k}`),
    ];
    for (const key of keys) expect(en[key], key).toBeTruthy();
  });

  it('have every key the web app asks for by name', () => {
    const src = join(import.meta.dirname, '..');
    const files = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter(
      (f) => /\.tsx?$/.test(f) && !f.includes('.test.'),
    );
    const missing: string[] = [];
    for (const file of files) {
      const text = readFileSync(join(src, file), 'utf8');
      for (const m of text.matchAll(/\bt\(\s*'([a-z0-9_.-]+)'/gi)) {
        const key = m[1]!;
        if (!en[key] && !en[`${key}_other`]) missing.push(`${file}: ${key}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
