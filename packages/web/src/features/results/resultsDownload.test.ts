import { describe, expect, it } from 'vitest';
import type { ResultsView, TeamResult } from '@rada/core';
import i18n from '../../i18n/index.ts';
import { classNameMap, resultsCsvFile, resultsIofFile } from './resultsDownload.ts';

const result = (teamId: string, over: Partial<TeamResult>): TeamResult =>
  ({
    teamId,
    name: teamId,
    nr: null,
    klassid: null,
    starttime: null,
    finishtime: null,
    status: 'running',
    place: null,
    placelabel: '',
    overallplace: null,
    dsq: false,
    katk: false,
    okcount: 0,
    wrongcount: 0,
    rasums: {},
    kpsum: 0,
    kppenalty: 0,
    kpkokku: 0,
    firstkpsbonus: 0,
    firstbonus: 0,
    lypoints: 0,
    dst: null,
    dstpoints: 0,
    timepenaltys: [],
    timepenaltytotal: 0,
    spdpenalty: 0,
    sum: 0,
    spent: null,
    spenttime: '',
    overtime: false,
    ...over,
  }) as TeamResult;

const view: ResultsView = {
  results: [
    result('t1', { name: 'Rebased & Co', klassid: 'men', place: 1, overallplace: 1, sum: 42.5 }),
    result('t2', { name: 'Karud', klassid: 'wom', place: 1, overallplace: 2, sum: 30 }),
    result('t3', { name: 'Üksik', klassid: null, overallplace: 3, sum: 10 }),
  ],
  computedAt: Date.UTC(2026, 4, 1, 12, 0, 0),
  settings: {
    pointssuffix: '',
    distanceinresult: false,
    hidewrongmarks: false,
    sfwithseconds: false,
    sfwithdate: false,
    hidespeedings: false,
    klassid: { men: { name: 'Mehed' } },
  },
};

describe('results downloads', () => {
  it('names classes from the klassid map, else by their id', () => {
    expect([...classNameMap(view)]).toEqual([
      ['men', 'Mehed'],
      ['wom', 'wom'],
    ]);
  });

  it('builds the CSV file with class names, in the user language', async () => {
    await i18n.changeLanguage('et');
    const file = resultsCsvFile(view, 'kevad', i18n.t);
    expect(file.name).toBe('kevad-results.csv');
    expect(file.type).toMatch(/^text\/csv/);
    const lines = file.text.split('\r\n');
    expect(lines[0]).toMatch(/^\uFEFFKlass;Koht;/);
    expect(lines[0]).not.toContain('Distants');
    expect(lines[1]).toMatch(/^Mehed;1;/);
    expect(lines[1]).toContain(';Rebased & Co;Rajal;42.5;');
    expect(lines[3]).toMatch(/^;/);
    expect(lines).toHaveLength(5);
    await i18n.changeLanguage('en');
    expect(resultsCsvFile(view, 'kevad', i18n.t).text).toMatch(/^\uFEFFClass;Place;/);
  });

  it('builds the IOF XML file, escaped, stamped with the computation time', () => {
    const file = resultsIofFile(view, 'kevad', 'Kevad <2026>');
    expect(file.name).toBe('kevad-results.xml');
    expect(file.text).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
    expect(file.text).toContain('<Name>Kevad &lt;2026&gt;</Name>');
    expect(file.text).toContain('createTime="2026-05-01T12:00:00.000Z"');
    expect(file.text).toContain(
      '<Class><Id>1</Id><Name>Mehed</Name><Extensions><rada:Key>men</rada:Key></Extensions></Class>',
    );
    expect(file.text).toContain('<Family>Co</Family><Given>Rebased &amp;</Given>');
    expect(file.text).toContain('<Score type="Score">42.5</Score>');
    expect(file.text).toContain('status="Snapshot"');
    const teams = resultsIofFile(view, 'kevad', 'Kevad', 'team');
    expect(teams.name).toBe('kevad-results-teams.xml');
    expect(teams.text.match(/<TeamResult>/g)).toHaveLength(3);
  });
});
