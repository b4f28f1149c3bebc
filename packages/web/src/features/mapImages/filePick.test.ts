import { describe, expect, it } from 'vitest';
import { baseNameOf, contentTypeOf, extensionOf, planOf } from './filePick.ts';

const f = (name: string, type = '') => ({ name, type, size: 1 });

describe('planOf', () => {
  it('takes a KMZ alone', () => {
    expect(planOf([f('course.kmz')])).toEqual({ kind: 'kmz', file: f('course.kmz') });
    expect(planOf([f('noext', 'application/vnd.google-earth.kmz')])).toMatchObject({ kind: 'kmz' });
  });

  it('takes a KML with its image, not without', () => {
    expect(planOf([f('doc.kml'), f('map.JPG')])).toEqual({
      kind: 'kml',
      kml: f('doc.kml'),
      image: f('map.JPG'),
    });
    expect(planOf([f('doc.kml')])).toBe('mapimages.pick.kmlalone');
  });

  it('takes an image with or without its world file, in any order', () => {
    expect(planOf([f('map.jgw'), f('map.jpg', 'image/jpeg')])).toEqual({
      kind: 'image',
      image: f('map.jpg', 'image/jpeg'),
      worldFile: f('map.jgw'),
    });
    for (const w of ['a.pgw', 'a.gfw', 'a.tfw', 'a.wld', 'a.tifw', 'a.pngw']) {
      expect(planOf([f('a.png'), f(w)])).toMatchObject({ kind: 'image', worldFile: f(w) });
    }
    expect(planOf([f('geo.tif')])).toEqual({ kind: 'image', image: f('geo.tif'), worldFile: null });
  });

  it('says what is wrong with the others', () => {
    expect(planOf([])).toBe('mapimages.pick.none');
    expect(planOf([f('a.jpg'), f('b.png')])).toBe('mapimages.pick.several');
    expect(planOf([f('a.kmz'), f('b.kmz')])).toBe('mapimages.pick.several');
    expect(planOf([f('a.kmz'), f('a.jpg')])).toBe('mapimages.pick.several');
    expect(planOf([f('a.jgw')])).toBe('mapimages.pick.worldonly');
    expect(planOf([f('a.pdf')])).toBe('mapimages.pick.unknown');
    expect(planOf([f('a.jpg'), f('a.jgw'), f('b.jgw')])).toBe('mapimages.pick.several');
  });
});

describe('file names', () => {
  it('reads endings, names and content types', () => {
    expect(extensionOf('Map.Final.JPEG')).toBe('jpeg');
    expect(extensionOf('.hidden')).toBe('');
    expect(extensionOf('noext')).toBe('');
    expect(baseNameOf('Tartu 1:10000.kmz')).toBe('Tartu 1:10000');
    expect(baseNameOf('.kmz')).toBe('.kmz');
    expect(contentTypeOf(f('a.kmz'))).toBe('application/vnd.google-earth.kmz');
    expect(contentTypeOf(f('a.TIF'))).toBe('image/tiff');
    expect(contentTypeOf(f('a.kml'))).toBe('application/vnd.google-earth.kml+xml');
    expect(contentTypeOf(f('a.bin'))).toBe('application/octet-stream');
    expect(contentTypeOf(f('a', 'image/webp'))).toBe('image/webp');
  });
});
