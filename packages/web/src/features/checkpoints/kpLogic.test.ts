import { afterEach, describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { LEVEL_COLOURS } from '@rada/core';
import type { Checkpoint, ImportPreview } from '@rada/core';
import { resources } from '../../i18n/resources.ts';
import { rowTintClass, storedColourMode, tintStyles, useColourMode } from './colouring.ts';
import { GRID_LOCALE_KEYS } from './gridLocale.ts';
import { importSummary } from './importSummary.ts';
import { locError, nrError } from './kpColumns.tsx';
import { exportFileName } from './kpFiles.ts';
import { oldKpRows, responseText, showMaxa } from './oldKpTable.ts';
import { numericRange, parseWholeNumber } from './RenumberDialog.tsx';

const kp = (id: string, nr: number | string, more: Partial<Checkpoint> = {}): Checkpoint => ({
  id,
  kp: { nr },
  data: {},
  answer: null,
  ...more,
});

describe('row colouring', () => {
  afterEach(() => localStorage.clear());

  it('tints by difficulty, group and work state; none leaves rows plain', () => {
    expect(rowTintClass({ ra: 2 }, 'none')).toBe('');
    expect(rowTintClass({ ra: 2 }, 'difficulty')).toBe(`kp-tint-${LEVEL_COLOURS[1].slice(1)}`);
    expect(rowTintClass({ grp: 8 }, 'groups')).toBe(`kp-tint-${LEVEL_COLOURS[7].slice(1)}`);
    // Out of range (or missing) is level 1.
    expect(rowTintClass({ ra: 9 }, 'difficulty')).toBe(rowTintClass({ ra: 1 }, 'difficulty'));
    expect(rowTintClass({ inwork: true }, 'inwork')).not.toBe(rowTintClass({}, 'inwork'));
    const styles = tintStyles();
    for (const mode of ['difficulty', 'groups', 'inwork'] as const) {
      for (const k of [{ ra: 3, grp: 5, inwork: true }, {}]) {
        expect(styles[`& .${rowTintClass(k, mode)}`]).toBeTruthy();
      }
    }
  });

  it('remembers the mode per event and ignores junk', () => {
    expect(storedColourMode('ev')).toBe('none');
    localStorage.setItem('rada.kpcolour.ev', 'groups');
    localStorage.setItem('rada.kpcolour.other', 'rainbow');
    expect(storedColourMode('ev')).toBe('groups');
    expect(storedColourMode('other')).toBe('none');
  });

  it("keeps every event's own choice when the tab moves between events", () => {
    const { result, rerender } = renderHook(({ id }) => useColourMode(id), {
      initialProps: { id: 'one' },
    });
    act(() => result.current[1]('inwork'));
    expect(result.current[0]).toBe('inwork');
    rerender({ id: 'two' });
    expect(result.current[0]).toBe('none');
    rerender({ id: 'one' });
    expect(result.current[0]).toBe('inwork');
  });
});

describe('import preview summary', () => {
  const existing = [kp('a', 1, { data: { desc: 'Kivi' } }), kp('b', 2)];
  const preview = (
    rows: ImportPreview['rows'],
    fileError: ImportPreview['fileError'] = null,
  ): ImportPreview => ({
    format: 'csv',
    rows,
    fileError,
  });
  const good = preview([
    {
      line: 2,
      input: { kp: { nr: 1 }, data: { loc: { lat: 58, lng: 26 } }, answer: null },
      errors: [],
    },
    { line: 3, input: { kp: { nr: 3 }, data: {}, answer: null }, errors: [] },
  ]);

  it('counts what each mode would do', () => {
    expect(importSummary(good, existing, 'add').plan).toEqual({
      add: 1,
      update: 0,
      remove: 0,
      skipped: 1,
    });
    expect(importSummary(good, existing, 'merge').plan).toEqual({
      add: 1,
      update: 1,
      remove: 0,
      skipped: 0,
    });
    expect(importSummary(good, existing, 'replace')).toMatchObject({
      plan: { add: 2, update: 0, remove: 2, skipped: 0 },
      canImport: true,
      errorRows: 0,
    });
  });

  it('refuses the whole file when any row or the file has an error', () => {
    const tooBig = { key: 'kpimport.err.toobig', field: 'lat', value: '95', max: 90 } as const;
    const bad = preview([...good.rows, { line: 4, input: null, errors: [tooBig] }]);
    expect(importSummary(bad, existing, 'add')).toMatchObject({
      rows: 3,
      errorRows: 1,
      inputs: null,
      plan: null,
      canImport: false,
    });
    const unreadable = preview([], { key: 'bad fail.....' });
    expect(importSummary(unreadable, existing, 'add')).toMatchObject({
      fileError: { key: 'bad fail.....' },
      canImport: false,
    });
    expect(importSummary(preview([]), existing, 'add').canImport).toBe(false);
  });
});

describe('grid cell checks', () => {
  const all = [kp('a', 1), kp('b', 'F')];
  it('refuses blank, long and taken numbers and bad locations', () => {
    expect(nrError('2', 'a', all)).toBeNull();
    expect(nrError('1', 'a', all)).toBeNull();
    expect(nrError('1', 'b', all)).toBe('error.cpnumconflict');
    expect(nrError('F', 'a', all)).toBe('error.cpnumconflict');
    expect(nrError(' ', 'a', all)).toBe('kp.error.nr');
    expect(nrError('x'.repeat(21), 'a', all)).toBe('kp.error.nr');
    for (const bad of ['0', '1.5', '-1', '1e308', '10000', 1.5])
      expect(nrError(bad, 'a', all), String(bad)).toBe('kp.error.badnumber');
    expect(locError('58.1, 26.1')).toBeNull();
    expect(locError('')).toBeNull();
    expect(locError('58.1; 200')).toBe('kp.error.badloc');
  });
});

describe('old dialog table', () => {
  const list = [
    kp('a', 10, { data: { desc: 'Sild' }, kp: { nr: 10, ra: 1, inwork: true } }),
    kp('b', 'F', { data: { desc: 'Finiš' } }),
    kp('c', 2, {
      kp: { nr: 2, ra: 3, maxanswerdistance: 40 },
      data: { desc: 'Kraav', responses: { A: 'jah' } },
      answer: 'A',
    }),
  ];
  it('sorts by nr with F last, and by other columns with nr breaking ties', () => {
    expect(oldKpRows(list, '', 'nr', 'asc').map((c) => c.id)).toEqual(['c', 'a', 'b']);
    expect(oldKpRows(list, '', 'nr', 'desc').map((c) => c.id)).toEqual(['b', 'a', 'c']);
    expect(oldKpRows(list, '', 'ra', 'desc').map((c) => c.id)).toEqual(['c', 'a', 'b']);
    expect(oldKpRows(list, '', 'indev', 'desc')[0]!.id).toBe('a');
  });
  it('filters by number, description and response', () => {
    expect(oldKpRows(list, 'sil', 'nr', 'asc').map((c) => c.id)).toEqual(['a']);
    expect(oldKpRows(list, 'JAH', 'nr', 'asc').map((c) => c.id)).toEqual(['c']);
    expect(oldKpRows(list, 'f', 'nr', 'asc').map((c) => c.id)).toEqual(['b']);
  });
  it('shows the response and the maxa column only when needed', () => {
    expect(responseText(list[2]!)).toBe('A: jah');
    expect(responseText(kp('x', 1, { data: { a: 'tekst' } }))).toBe('tekst');
    expect(showMaxa(list)).toBe(true);
    expect(showMaxa(list.slice(0, 2))).toBe(false);
  });
});

describe('re-enumerate fields and file names', () => {
  it('reads whole numbers and the numeric range', () => {
    expect(parseWholeNumber(' -3 ')).toBe(-3);
    expect(parseWholeNumber('1.5')).toBeNull();
    expect(parseWholeNumber('')).toBeNull();
    expect(numericRange([kp('a', 5), kp('b', 'F'), kp('c', '12')])).toEqual([5, 12]);
    expect(numericRange([kp('b', 'F')])).toBeNull();
  });
  it('names downloads {event}-kp.{format}', () => {
    expect(exportFileName('kevad', 'gpx')).toBe('kevad-kp.gpx');
  });
});

describe('grid texts', () => {
  it('exist in English and Estonian', () => {
    const en: Record<string, string> = resources.en.translation;
    const et: Record<string, string> = resources.et.translation;
    for (const key of GRID_LOCALE_KEYS) {
      expect(en[key], key).toBeTruthy();
      expect(et[key], key).toBeTruthy();
    }
  });
});
