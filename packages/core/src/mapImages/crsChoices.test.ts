import { describe, expect, it } from 'vitest';
import { guessWorldFileCrs, utmZoneOf, worldFileCrsChoices } from './crsChoices.ts';
import { crsDefinition } from './crs.ts';

const tartu = { lat: 58.38, lng: 26.72 };

describe('utmZoneOf', () => {
  it('gives the zone of a point on WGS84 and ETRS89', () => {
    expect(utmZoneOf(tartu)).toEqual({ north: 'EPSG:32635', etrs89: 'EPSG:25835' });
    expect(utmZoneOf({ lat: 59.44, lng: 24.75 })).toEqual({
      north: 'EPSG:32635',
      etrs89: 'EPSG:25835',
    });
    expect(utmZoneOf({ lat: 58.9, lng: 22.5 })).toEqual({
      north: 'EPSG:32634',
      etrs89: 'EPSG:25834',
    });
  });

  it('knows the exceptions of Norway and Svalbard, the southern hemisphere and far zones', () => {
    expect(utmZoneOf({ lat: 60.39, lng: 5.32 }).north).toBe('EPSG:32632');
    expect(utmZoneOf({ lat: 78.22, lng: 15.65 }).north).toBe('EPSG:32633');
    expect(utmZoneOf({ lat: -33.87, lng: 151.21 })).toEqual({ north: 'EPSG:32756', etrs89: null });
    expect(utmZoneOf({ lat: 40.71, lng: -74.0 })).toEqual({ north: 'EPSG:32618', etrs89: null });
    expect(utmZoneOf({ lat: 0, lng: 180 }).north).toBe('EPSG:32601');
  });

  it('names only zones crs.ts can use', () => {
    for (let lng = -180; lng < 180; lng += 7.3)
      for (const lat of [-60, -1, 0, 45, 57, 61, 75]) {
        const z = utmZoneOf({ lat, lng });
        expect(crsDefinition(z.north)).not.toBeNull();
        if (z.etrs89) expect(crsDefinition(z.etrs89)).not.toBeNull();
      }
  });
});

describe('worldFileCrsChoices', () => {
  it('lists L-EST97, the local UTM zone, Web Mercator and WGS84', () => {
    expect(worldFileCrsChoices(tartu)).toEqual([
      'EPSG:3301',
      'EPSG:25835',
      'EPSG:32635',
      'EPSG:3857',
      'EPSG:4326',
    ]);
    expect(worldFileCrsChoices(null)).toEqual(['EPSG:3301', 'EPSG:3857', 'EPSG:4326']);
  });
});

describe('guessWorldFileCrs', () => {
  // The same Tartu corner in L-EST97 and in UTM 35N: numbers alike, 170 km apart as the other.
  const lest = [0.5, 0, 0, -0.5, 659000.25, 6474999.75];
  const utm = [0.5, 0, 0, -0.5, 483200.25, 6470600.75];

  it('picks the reading nearest the event', () => {
    expect(guessWorldFileCrs(lest, tartu)).toBe('EPSG:3301');
    expect(guessWorldFileCrs(utm, tartu)).toBe('EPSG:25835');
    expect(guessWorldFileCrs([0.00001, 0, 0, -0.00001, 26.7, 58.4], tartu)).toBe('EPSG:4326');
    expect(guessWorldFileCrs([0.3, 0, 0, -0.3, 2974000, 8060000], tartu)).toBe('EPSG:3857');
  });

  it('guesses nothing far from the event, and L-EST97 or degrees without one', () => {
    expect(guessWorldFileCrs(lest, { lat: 40.7, lng: -74 })).toBeNull();
    expect(guessWorldFileCrs(lest, null)).toBe('EPSG:3301');
    expect(guessWorldFileCrs([0.00001, 0, 0, -0.00001, 26.7, 58.4], null)).toBe('EPSG:4326');
    expect(guessWorldFileCrs([1, 0, 0, -1, 100, 100], null)).toBeNull();
    expect(guessWorldFileCrs([1, 0, 0], null)).toBeNull();
  });
});
