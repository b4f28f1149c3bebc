import { describe, expect, it } from 'vitest';
import { DEFAULT_MAP, MapSetting, publicMapConfig, readMapSetting } from './mapConfig.ts';
import { speedColour } from './speedColour.ts';

const lest = {
  type: 'maaamet' as const,
  title: 'Põhikaart',
  conf: {
    url: 'https://tiles.example.ee/kaart/default/LEST/{TileMatrix}/{TileRow}/{TileCol}.png',
    layer: 'kaart',
    crs: 'EPSG:3301' as const,
  },
};
const natura = {
  type: 'wms' as const,
  title: 'Natura 2000',
  private: true,
  conf: { url: 'https://gis.example.ee/wms', layers: 'natura', transparent: true },
};

describe('map setting', () => {
  it('accepts every layer type of the spec and keeps unknown keys', () => {
    const map = {
      default: { type: 'osm', conf: {} },
      userlayers: [
        lest,
        natura,
        {
          type: 'leaflet',
          title: 'Topo',
          conf: { url: 'https://{s}.t.ee/{z}/{x}/{y}.png', subdomains: 'abc' },
        },
        {
          type: 'maametmulti',
          title: 'Foto + nimed',
          conf: { layers: [lest.conf, { ...lest.conf, layer: 'hybriid' }] },
        },
        { type: 'nutimeri', title: 'Meri', conf: {} },
        { type: 'google', title: 'Google', conf: { mapType: 'satellite' } },
        { type: 'bing', title: 'Bing', conf: { imagerySet: 'Aerial', legacy: 1 } },
      ],
      offlinemaxzoom: 14,
    };
    const parsed = MapSetting.parse(map);
    expect(parsed.userlayers).toHaveLength(7);
    expect((parsed.userlayers![6]!.conf as Record<string, unknown>).legacy).toBe(1);
  });

  it('refuses unknown types, non-http tile addresses and layers without a title', () => {
    expect(MapSetting.safeParse({ userlayers: [{ ...lest, type: 'esri' }] }).success).toBe(false);
    expect(
      MapSetting.safeParse({
        userlayers: [{ ...lest, conf: { ...lest.conf, url: 'javascript:alert(1)' } }],
      }).success,
    ).toBe(false);
    expect(MapSetting.safeParse({ userlayers: [{ ...lest, title: ' ' }] }).success).toBe(false);
  });

  it('reads a stored value leniently: a bad layer is left out, a bad default is OpenStreetMap', () => {
    expect(readMapSetting(undefined)).toEqual(DEFAULT_MAP);
    const read = readMapSetting({
      default: { type: 'wms', conf: {} },
      userlayers: [lest, { type: 'wms', title: 'Broken' }, 'junk'],
    });
    expect(read.default).toEqual(DEFAULT_MAP.default);
    expect(read.userlayers?.map((l) => l.title)).toEqual(['Põhikaart']);
  });

  it('gives private layers only to those with access to the event', () => {
    const map = readMapSetting({
      default: { ...natura, title: undefined },
      userlayers: [lest, natura],
    });
    const open = publicMapConfig(map, false);
    expect(open.userlayers?.map((l) => l.title)).toEqual(['Põhikaart']);
    expect(open.default).toEqual(DEFAULT_MAP.default);
    expect(JSON.stringify(open)).not.toContain('natura');
    expect(publicMapConfig(map, true)).toEqual(map);
  });

  it('colours a speed by the highest range not above it', () => {
    const ranges = [
      { s: 0, c: '#00ff00' },
      { s: 50, c: '#ffff00' },
      { s: 90, c: '#ff0000' },
    ];
    expect(speedColour(ranges, 10)).toBe('#00ff00');
    expect(speedColour(ranges, 50)).toBe('#ffff00');
    expect(speedColour(ranges, 130)).toBe('#ff0000');
    expect(speedColour([{ s: 20, c: '#123456' }], 5)).toBeNull();
  });
});
