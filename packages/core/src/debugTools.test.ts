import { describe, expect, it } from 'vitest';
import {
  archiveColourFixes,
  compareTrackTeams,
  deviceVersions,
  distanceKm,
  rawDocPath,
  versionTables,
} from './debugTools.ts';
import { TEAM_COLOURS } from './teamColours.ts';

describe('debug tools', () => {
  it('measures great-circle distances on a 6371 km Earth', () => {
    // A degree of latitude is 6371 · π / 180 km.
    expect(distanceKm({ lat: 58, lng: 26 }, { lat: 59, lng: 26 })).toBeCloseTo(111.195, 3);
    expect(distanceKm({ lat: 58.38, lng: 26.72 }, { lat: 58.38, lng: 26.72 })).toBe(0);
    // Tallinn to Tartu.
    expect(distanceKm({ lat: 59.437, lng: 24.7536 }, { lat: 58.378, lng: 26.729 })).toBeCloseTo(
      163.5,
      0,
    );
  });

  it('reads versions from native device info and from the web app user agent', () => {
    expect(
      deviceVersions({
        model: 'iPhone14,2',
        utsname: { sysname: 'Darwin', release: '23.4.0' },
        systemVersion: '17.4',
        appversionname: '2.1.0',
        appversioncode: 210,
      }),
    ).toEqual({ darwin: '23.4.0', ios: '17.4', android: null, app: '2.1.0 (210)' });
    expect(
      deviceVersions({
        brand: 'google',
        version: { sdkInt: 34 },
        pkginfo: { appVersion: '2.0.3' },
      }),
    ).toEqual({ darwin: null, ios: null, android: '34', app: '2.0.3' });
    expect(
      deviceVersions({
        appVersion: 'web',
        userAgent:
          'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120 Mobile',
      }),
    ).toEqual({ darwin: null, ios: null, android: '33', app: 'web' });
    expect(
      deviceVersions({
        userAgent:
          'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
      }),
    ).toMatchObject({ ios: '17.5', android: null });
    expect(deviceVersions({})).toEqual({ darwin: null, ios: null, android: null, app: null });
  });

  it('tables the devices per version, most devices first', () => {
    const tables = versionTables([
      { id: 'a', info: { version: { sdkInt: 33 }, appversionname: '2.1' } },
      { id: 'b', info: { version: { sdkInt: 34 }, appversionname: '2.1' } },
      { id: 'c', info: { version: { sdkInt: 34 }, appversionname: '2.0' } },
      { id: 'd', info: {} },
    ]);
    expect(tables.android).toEqual([
      { value: '34', devices: ['b', 'c'] },
      { value: '33', devices: ['a'] },
    ]);
    expect(tables.app.map((r) => [r.value, r.devices.length])).toEqual([
      ['2.1', 2],
      ['2.0', 1],
    ]);
    expect(tables.ios).toEqual([]);
  });

  it('orders teams as the track list does: numbers as numbers, the unnumbered last', () => {
    const teams = [
      { id: 'c', name: 'Cats', nr: null },
      { id: 'b', name: 'Bees', nr: '10' },
      { id: 'a2', name: 'Ants', nr: '9' },
      { id: 'a1', name: 'Ants', nr: '9' },
      { id: 'd', name: 'Ducks', nr: '9b' },
    ];
    expect([...teams].sort(compareTrackTeams).map((t) => t.id)).toEqual([
      'a1',
      'a2',
      'd',
      'b',
      'c',
    ]);
  });

  it("gives an archived event's teams the colours their tracks show, and keeps proper ones", () => {
    const teams = [
      { id: 'none', name: 'No colour', nr: '3', col: undefined },
      { id: 'ok', name: 'Fine', nr: '1', col: '#E53935' },
      { id: 'bare', name: 'Bare hex', nr: '2', col: '00ff7F' },
      { id: 'short', name: 'Short', nr: '4', col: '#0a3' },
      { id: 'empty', name: 'Empty', nr: null, col: '' },
      { id: 'word', name: 'Word', nr: '5', col: 'rebeccapurple' },
      { id: 'num', name: 'Number', nr: '6', col: 7 },
    ];
    // Places in the track list: ok 0, bare 1, none 2, short 3, word 4, num 5, empty 6.
    expect(archiveColourFixes(teams)).toEqual([
      { teamId: 'bare', name: 'Bare hex', nr: '2', old: '00ff7F', col: '#00ff7F' },
      { teamId: 'none', name: 'No colour', nr: '3', old: null, col: TEAM_COLOURS[2] },
      { teamId: 'short', name: 'Short', nr: '4', old: '#0a3', col: '#00aa33' },
      { teamId: 'word', name: 'Word', nr: '5', old: 'rebeccapurple', col: TEAM_COLOURS[4] },
      { teamId: 'num', name: 'Number', nr: '6', old: '7', col: TEAM_COLOURS[5] },
      { teamId: 'empty', name: 'Empty', nr: null, old: '', col: TEAM_COLOURS[6] },
    ]);
    // The palette goes round for long lists; a fixed list needs nothing more.
    const many = Array.from({ length: 14 }, (_, i) => ({
      id: `t${i}`,
      name: `Team ${i}`,
      nr: String(i + 1),
      col: null,
    }));
    const fixes = archiveColourFixes(many);
    expect(fixes.map((f) => f.col)).toEqual([...TEAM_COLOURS, TEAM_COLOURS[0], TEAM_COLOURS[1]]);
    const fixed = many.map((t) => ({ ...t, col: fixes.find((f) => f.teamId === t.id)!.col }));
    expect(archiveColourFixes(fixed)).toEqual([]);
  });

  it("names the raw documents' places as the original database did", () => {
    expect(rawDocPath('spring', 'event')).toBe('events/spring');
    expect(rawDocPath('spring', 'data')).toBe('eventsdata/spring');
    expect(rawDocPath('spring', 'list')).toBe('teams/spring/list');
    expect(rawDocPath('spring', 'teams')).toBe('teams/spring');
  });
});
