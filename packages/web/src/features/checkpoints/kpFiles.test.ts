import { describe, expect, it } from 'vitest';
import type { Checkpoint } from '@rada/core';
import { EXPORT_FORMATS, exportFileName, exportText, kpExportSettings } from './kpFiles.ts';
import { resources } from '../../i18n/resources.ts';

const cps: Checkpoint[] = [
  { id: 'a', kp: { nr: 31, ra: 2 }, data: { desc: 'Kivi', loc: { lat: 58.39, lng: 26.72 } } },
];

describe('KP export formats', () => {
  it('names CourseData .xml and KML .kml, and every format has a menu text in both languages', () => {
    expect(exportFileName('kevad', 'coursedata')).toBe('kevad-kp.xml');
    expect(exportFileName('kevad', 'kml')).toBe('kevad-kp.kml');
    for (const format of EXPORT_FORMATS)
      for (const lang of ['en', 'et'] as const)
        expect(
          (resources[lang].translation as Record<string, string>)[`kp.download.${format}`],
        ).toBeTruthy();
  });

  it('takes rakoef and startloc from the settings for CourseData and KML', () => {
    const settings = kpExportSettings({
      rakoef: [null, 10, 20],
      startloc: { lat: 58.3, lng: 26.7 },
      other: 1,
    });
    expect(settings).toEqual({ rakoef: [null, 10, 20], startloc: { lat: 58.3, lng: 26.7 } });
    expect(kpExportSettings({ startloc: { lat: 'x' } })).toEqual({ rakoef: null, startloc: null });
    expect(kpExportSettings(undefined)).toEqual({ rakoef: null, startloc: null });
    const xml = exportText(cps, 'coursedata', 'E', 'en', settings);
    expect(xml).toContain('<Score>20</Score>');
    expect(xml).toContain('<Id>S1</Id><Position lng="26.7" lat="58.3"/>');
    const kml = exportText(cps, 'kml', 'E', 'en', settings);
    expect([...kml.matchAll(/<name>([^<]*)<\/name>/g)].map((m) => m[1])).toEqual([
      'E',
      'E',
      'S1',
      '31',
      'F1',
    ]);
  });
});
