/**
 * Fuzz properties of the KML ground-overlay reader: whatever the text, it answers a list of
 * overlays (never throws, never hangs), each with an image path and four finite corners on the
 * earth; a LatLonBox or gx:LatLonQuad written from known numbers reads back to them.
 * FUZZ_RUNS inputs per property (testing/fuzz.ts).
 */
import fc from 'fast-check';
import { describe, it } from 'vitest';
import {
  check,
  checkLinear,
  fuzzOptions,
  mutatedText,
  randomText,
  repeated,
  timed,
  tokenSoup,
  FUZZ_TEST_TIMEOUT_MS,
} from '../testing/fuzz.ts';
import ocadTiled from './fixtures/ocad-tiled.kml?raw';
import ocadPrefixed from './fixtures/ocad-prefixed-kml21.kml?raw';
import mapperTiles from './fixtures/mapper-tiles.kml?raw';
import maprunQuad from './fixtures/maprun-quad.kml?raw';
import purplePen from './fixtures/purplepen-mapconverter.kml?raw';
import { KML_MAX_OVERLAYS, latLonBoxCorners, parseKmlOverlays, type KmlOverlay } from './kml.ts';

function checkOverlays(overlays: KmlOverlay[]): void {
  check(Array.isArray(overlays), 'not a list', overlays);
  check(overlays.length <= KML_MAX_OVERLAYS, 'too many overlays', overlays.length);
  for (const o of overlays) {
    check(typeof o.href === 'string' && o.href.trim() !== '', 'no image', o);
    check(o.name === null || (typeof o.name === 'string' && o.name !== ''), 'bad name', o);
    check(o.corners.length === 4, 'not four corners', o);
    for (const c of o.corners)
      check(
        Number.isFinite(c.lat) && Number.isFinite(c.lng) && Math.abs(c.lat) <= 90,
        'corner off the earth',
        o,
      );
  }
}

const TOKENS = [
  '<kml xmlns="http://www.opengis.net/kml/2.2" xmlns:gx="http://www.google.com/kml/ext/2.2">',
  '</kml>',
  '<Document>',
  '</Document>',
  '<Folder>',
  '</Folder>',
  '<GroundOverlay>',
  '</GroundOverlay>',
  '<kml:GroundOverlay>',
  '<name>',
  '</name>',
  '<Icon>',
  '</Icon>',
  '<href>',
  '</href>',
  'files/tile_0_0.jpg',
  '<LatLonBox>',
  '</LatLonBox>',
  '<north>',
  '</north>',
  '<south>',
  '</south>',
  '<east>',
  '</east>',
  '<west>',
  '</west>',
  '<rotation>',
  '</rotation>',
  '<gx:LatLonQuad>',
  '</gx:LatLonQuad>',
  '<coordinates>',
  '</coordinates>',
  '26.7,58.4,0',
  '58.38',
  '-2.28',
  '1e308',
  '-1e308',
  '90',
  '180',
  '360',
  '<![CDATA[',
  ']]>',
  '<!--',
  '-->',
  '&amp;',
];

const degree = (min: number, max: number) =>
  fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
const box = fc
  .tuple(
    degree(-80, 80),
    degree(0.0001, 5),
    degree(-180, 175),
    degree(0.0001, 5),
    degree(-180, 180),
  )
  .map(([south, height, west, width, rotation]) => ({
    north: south + height,
    south,
    east: west + width,
    west,
    rotation,
  }));
const boxKml = box.map(
  (b) =>
    `<kml><Folder><GroundOverlay><Icon><href>a.jpg</href></Icon><LatLonBox><north>${b.north}</north><south>${b.south}</south><east>${b.east}</east><west>${b.west}</west><rotation>${b.rotation}</rotation></LatLonBox></GroundOverlay></Folder></kml>`,
);
const shapes = fc.oneof(
  fc.constantFrom(ocadTiled, ocadPrefixed, mapperTiles, maprunQuad, purplePen),
  boxKml,
);
const text = fc.oneof(
  { weight: 3, arbitrary: shapes },
  { weight: 4, arbitrary: mutatedText(shapes, TOKENS) },
  { weight: 2, arbitrary: tokenSoup(TOKENS) },
  { weight: 1, arbitrary: randomText },
  {
    weight: 1,
    arbitrary: repeated(['<a>', '<Folder>', '<GroundOverlay>', '1,2 ', ' ', '<!', '&#1']).map(
      (big) =>
        `<kml><GroundOverlay><Icon><href>a</href></Icon><gx:LatLonQuad><coordinates>${big}</coordinates></gx:LatLonQuad>${big}</GroundOverlay></kml>`,
    ),
  },
);

describe(
  'KML ground-overlay reader never crashes on any input',
  { timeout: FUZZ_TEST_TIMEOUT_MS },
  () => {
    it('every answer is a list of overlays with an image and four corners on the earth', () => {
      fc.assert(
        fc.property(text, (t) => checkOverlays(timed(() => parseKmlOverlays(t)))),
        fuzzOptions(),
      );
    });

    it('a LatLonBox written from known numbers reads back to its corners', () => {
      fc.assert(
        fc.property(box, (b) => {
          const kml = `<kml><GroundOverlay><Icon><href>a.jpg</href></Icon><LatLonBox><north>${b.north}</north><south>${b.south}</south><east>${b.east}</east><west>${b.west}</west><rotation>${b.rotation}</rotation></LatLonBox></GroundOverlay></kml>`;
          const overlays = parseKmlOverlays(kml);
          const want = latLonBoxCorners(b);
          if (!want.every((c) => Math.abs(c.lat) <= 90)) return; // turned over a pole: refused
          check(overlays.length === 1, 'box not read', { b, overlays });
          check(JSON.stringify(overlays[0]!.corners) === JSON.stringify(want), 'corners moved', {
            b,
            got: overlays[0]!.corners,
          });
        }),
        fuzzOptions(),
      );
    });

    it('a gx:LatLonQuad reads back corner for corner', () => {
      const corner = fc.record({ lat: degree(-90, 90), lng: degree(-180, 180) });
      fc.assert(
        fc.property(fc.tuple(corner, corner, corner, corner), ([ll, lr, ur, ul]) => {
          const coordinates = [ll, lr, ur, ul].map((c) => `${c.lng},${c.lat},0`).join('\n ');
          const kml = `<kml><GroundOverlay><Icon><href>a.jpg</href></Icon><gx:LatLonQuad><coordinates>${coordinates}</coordinates></gx:LatLonQuad></GroundOverlay></kml>`;
          const [overlay] = parseKmlOverlays(kml);
          check(
            JSON.stringify(overlay?.corners) === JSON.stringify([ul, ur, lr, ll]),
            'quad corners moved',
            { ll, lr, ur, ul, overlay },
          );
        }),
        fuzzOptions(),
      );
    });

    it('takes linear time on long runs of any one piece', () => {
      checkLinear(
        parseKmlOverlays,
        ['<Folder>', '<a>', '</a>', '<!--x-->', '&#49;', ' '],
        (run) => `<kml>${run}<GroundOverlay><Icon><href>a</href></Icon></GroundOverlay></kml>`,
      );
      checkLinear(
        parseKmlOverlays,
        [
          '<GroundOverlay><Icon><href>a.jpg</href></Icon><LatLonBox><north>1</north><south>0</south><east>1</east><west>0</west></LatLonBox></GroundOverlay>',
        ],
        (run) => `<kml><Folder>${run}</Folder></kml>`,
      );
      checkLinear(
        parseKmlOverlays,
        ['1,2 ', ' ', ',', '\n', ' ,'],
        // Something other than whitespace at both ends, and under the 10 000 characters the
        // reader takes, so that the run is read (a run of spaces once took quadratic time).
        (run) =>
          `<kml><GroundOverlay><Icon><href>a</href></Icon><LatLonQuad><coordinates>"${run};</coordinates></LatLonQuad></GroundOverlay></kml>`,
        2000,
      );
    });
  },
);
