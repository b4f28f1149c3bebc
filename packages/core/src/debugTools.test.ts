import { describe, expect, it } from 'vitest';
import { deviceVersions, distanceKm, versionTables } from './debugTools.ts';

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
});
