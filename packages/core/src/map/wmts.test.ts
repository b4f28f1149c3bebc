import { describe, expect, it } from 'vitest';
import { wmtsCapabilitiesFixture } from '../testing/wmtsFixture.ts';
import { EPSG3301, WmtsError, crsCode, parseWmtsCapabilities } from './wmts.ts';

const BASE = 'https://tiles.example.ee/wmts';

describe('WMTS capabilities', () => {
  it('reads the service, each layer and a drawable conf on the EPSG:3301 grid', () => {
    const caps = parseWmtsCapabilities(wmtsCapabilitiesFixture(BASE), `${BASE}/caps.xml`);
    expect(caps.title).toBe('Maa-ameti WMTS (stand-in)');
    expect(caps.abstract).toBe('Test tiles drawn locally');
    expect(caps.layers.map((l) => [l.identifier, l.title])).toEqual([
      ['kaart', 'Põhikaart'],
      ['foto', 'Ortofoto'],
      ['hybriid', 'Hübriidkaart'],
    ]);
    const kaart = caps.layers[0]!;
    expect(kaart.abstract).toBe('Eesti põhikaart');
    expect(kaart.bounds).toEqual([
      [57.5, 21.5],
      [59.9, 28.5],
    ]);
    expect(kaart.conf).toEqual({
      capabilities: `${BASE}/caps.xml`,
      url: `${BASE}/kaart/default/LEST/{TileMatrix}/{TileRow}/{TileCol}.png`,
      layer: 'kaart',
      title: 'Põhikaart',
      matrixSet: 'LEST',
      style: 'default',
      format: 'image/png',
      crs: 'EPSG:3301',
      bounds: kaart.bounds,
      minZoom: 0,
      maxZoom: 18,
    });
    // Offered in both grids: the national one is preferred.
    expect(caps.layers[1]!.conf).toMatchObject({ crs: 'EPSG:3301', format: 'image/jpeg' });
    expect(caps.matrixSets.map((s) => [s.identifier, s.crs, s.matrices.length])).toEqual([
      ['LEST', 'EPSG:3301', 19],
      ['GMC', 'EPSG:3857', 20],
    ]);
    expect(caps.matrixSets[0]!.matrices[0]!.resolution).toBeCloseTo(EPSG3301.res0, 6);
  });

  it('picks the matching set among several and refuses a layer with none that matches', () => {
    const xml = wmtsCapabilitiesFixture(
      BASE,
      [
        { identifier: 'merc', title: 'Mercator only', sets: ['ETRS', 'GMC'] },
        { identifier: 'laea', title: 'Foreign only', sets: ['ETRS'] },
        { identifier: 'part', title: 'Levels 3 to 12', sets: ['LEST3'] },
      ],
      [
        { identifier: 'ETRS', kind: 'foreign' },
        { identifier: 'GMC', kind: 'mercator' },
        { identifier: 'LEST3', kind: 'lest', levels: [3, 12] },
      ],
    );
    const [merc, laea, part] = parseWmtsCapabilities(xml).layers;
    expect(merc!.conf).toMatchObject({
      crs: 'EPSG:3857',
      matrixSet: 'GMC',
      minZoom: 0,
      maxZoom: 19,
    });
    expect(laea!.conf).toBeNull();
    expect(laea!.unusable).toBe('nomatrixset');
    expect(part!.conf).toMatchObject({ crs: 'EPSG:3301', minZoom: 3, maxZoom: 12 });
    expect(part!.conf).not.toHaveProperty('matrixIds');
  });

  it('builds a KVP GetTile template when a layer has no ResourceURL', () => {
    const xml = wmtsCapabilitiesFixture(BASE)
      .replace(/<ResourceURL[^>]*\/>/g, '')
      .replace(
        '<Contents>',
        `<ows:OperationsMetadata><ows:Operation name="GetTile"><ows:DCP><ows:HTTP><ows:Get xlink:href="${BASE}/service?"><ows:Constraint name="GetEncoding"><ows:AllowedValues><ows:Value>KVP</ows:Value></ows:AllowedValues></ows:Constraint></ows:Get></ows:HTTP></ows:DCP></ows:Operation></ows:OperationsMetadata><Contents>`,
      );
    const kaart = parseWmtsCapabilities(xml).layers[0]!;
    expect(kaart.conf?.url).toBe(
      `${BASE}/service?SERVICE=WMTS&REQUEST=GetTile&VERSION=1.0.0&LAYER=kaart&STYLE=default&TILEMATRIXSET=LEST&TILEMATRIX={TileMatrix}&TILEROW={TileRow}&TILECOL={TileCol}&FORMAT=image%2Fpng`,
    );
    const none = parseWmtsCapabilities(
      wmtsCapabilitiesFixture(BASE).replace(/<ResourceURL[^>]*\/>/g, ''),
    );
    expect(none.layers[0]!.unusable).toBe('notemplate');
  });

  it('keeps level identifiers that are not plain numbers', () => {
    const xml = wmtsCapabilitiesFixture(BASE).replace(
      /<ows:Identifier>(\d+)<\/ows:Identifier>\s*<ScaleDenominator>/g,
      '<ows:Identifier>LEST:$1</ows:Identifier><ScaleDenominator>',
    );
    const conf = parseWmtsCapabilities(xml).layers[0]!.conf!;
    expect(conf.matrixIds?.slice(0, 3)).toEqual(['LEST:0', 'LEST:1', 'LEST:2']);
  });

  it('refuses what is not a capabilities document', () => {
    expect(() => parseWmtsCapabilities('<html><body>Not found</body></html>')).toThrow(WmtsError);
    expect(() => parseWmtsCapabilities('no xml here')).toThrow('map.error.badxml');
  });

  it('reads EPSG codes in their usual spellings', () => {
    expect(crsCode('urn:ogc:def:crs:EPSG::3301')).toBe(3301);
    expect(crsCode('urn:ogc:def:crs:EPSG:6.18:3:3857')).toBe(3857);
    expect(crsCode('EPSG:3301')).toBe(3301);
    expect(crsCode('http://www.opengis.net/def/crs/EPSG/0/3301')).toBe(3301);
    expect(crsCode('CRS:84')).toBeNull();
  });
});
