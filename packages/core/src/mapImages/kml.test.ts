import { describe, expect, it } from 'vitest';
import proj4 from 'proj4';
import ocadTiled from './fixtures/ocad-tiled.kml?raw';
import ocadPrefixed from './fixtures/ocad-prefixed-kml21.kml?raw';
import mapperTiles from './fixtures/mapper-tiles.kml?raw';
import maprunQuad from './fixtures/maprun-quad.kml?raw';
import purplePen from './fixtures/purplepen-mapconverter.kml?raw';
import { latLonBoxCorners, parseKmlOverlays, placementFromCorners } from './kml.ts';
import { metres, pixelToLatLng, placementProblem } from './placement.ts';
import { EPSG3301 } from '../map/wmts.ts';
import type { LatLng } from '../checkpoints/types.ts';

const near = (a: LatLng, b: LatLng, m: number) => expect(metres(a, b)).toBeLessThan(m);

describe('parseKmlOverlays', () => {
  it('reads every tile of an OCAD KMZ, with its rotation, in order', () => {
    const overlays = parseKmlOverlays(ocadTiled);
    expect(overlays.map((o) => [o.name, o.href])).toEqual([
      ['tile_0_0.jpg', 'files/tile_0_0.jpg'],
      ['tile_0_1.jpg', 'files/tile_0_1.jpg'],
    ]);
    const [left, right] = overlays as [(typeof overlays)[0], (typeof overlays)[0]];
    // The tiles of one map abut: the first's right edge is the second's left edge.
    near(left.corners[1], right.corners[0], 0.5);
    near(left.corners[2], right.corners[3], 0.5);
    // Rotation −2.29° (clockwise): the top edge falls towards the east.
    expect(left.corners[1].lat).toBeLessThan(left.corners[0].lat);
  });

  it('reads prefixed KML 2.1 with CDATA, comments and Document/Folder nesting', () => {
    const overlays = parseKmlOverlays(ocadPrefixed);
    expect(overlays).toHaveLength(1);
    expect(overlays[0]!.name).toBe('Raadi & Annelinn');
    expect(overlays[0]!.href).toBe('files/tile_0_0.jpg');
  });

  it('reads the same map from an OCAD-prefixed file and a Purple Pen converter file alike', () => {
    const a = parseKmlOverlays(ocadPrefixed)[0]!;
    const b = parseKmlOverlays(purplePen)[0]!;
    expect(b.name).toBe('Raadi');
    expect(b.href).toBe('map.png');
    a.corners.forEach((c, i) => near(c, b.corners[i]!, 0.01));
  });

  it('reads the north-up tile grid OpenOrienteering Mapper writes', () => {
    const overlays = parseKmlOverlays(mapperTiles);
    expect(overlays.map((o) => o.href)).toEqual([
      'files/0.jpg',
      'files/1.jpg',
      'files/2.jpg',
      'files/3.jpg',
    ]);
    expect(overlays[0]!.corners).toEqual([
      { lat: 58.4, lng: 26.714 },
      { lat: 58.4, lng: 26.7314 },
      { lat: 58.3908, lng: 26.7314 },
      { lat: 58.3908, lng: 26.714 },
    ]);
  });

  it('reads gx:LatLonQuad counter-clockwise from the lower left, over several lines', () => {
    const [overlay] = parseKmlOverlays(maprunQuad);
    expect(overlay!.name).toBe('Raadi street-O');
    expect(overlay!.corners).toEqual([
      { lat: 58.40349, lng: 26.70405 },
      { lat: 58.40152, lng: 26.76254 },
      { lat: 58.37911, lng: 26.75803 },
      { lat: 58.38102, lng: 26.70021 },
    ]);
  });

  it('takes spaces around commas, a closed ring and no altitude', () => {
    const kml = `<kml><GroundOverlay><Icon><href>a.png</href></Icon><LatLonQuad><coordinates>
      26.70 , 58.38  26.76,58.38 26.76,58.40 26.70,58.40 26.70,58.38</coordinates></LatLonQuad>
      </GroundOverlay></kml>`;
    const [overlay] = parseKmlOverlays(kml);
    expect(overlay!.corners[0]).toEqual({ lat: 58.4, lng: 26.7 });
    expect(overlay!.name).toBeNull();
  });

  it('takes a missing rotation as 0 and a decimal comma', () => {
    const kml = `<kml><GroundOverlay><name> A </name><Icon><href>a.jpg</href></Icon><LatLonBox>
      <north>58,40</north><south>58.38</south><east>26.76</east><west>26.70</west></LatLonBox>
      </GroundOverlay></kml>`;
    const [overlay] = parseKmlOverlays(kml);
    expect(overlay!.name).toBe('A');
    expect(overlay!.corners[0]).toEqual({ lat: 58.4, lng: 26.7 });
  });

  it('skips overlays without an image or a placement, and what is not KML', () => {
    const bad = [
      '',
      'not xml',
      '<kml><GroundOverlay><Icon><href>a.jpg</href></Icon></GroundOverlay></kml>',
      '<kml><GroundOverlay><LatLonBox><north>1</north><south>0</south><east>1</east><west>0</west></LatLonBox></GroundOverlay></kml>',
      '<kml><GroundOverlay><Icon><href>a.jpg</href></Icon><LatLonBox><north>0</north><south>1</south><east>1</east><west>0</west></LatLonBox></GroundOverlay></kml>',
      '<kml><GroundOverlay><Icon><href>a.jpg</href></Icon><LatLonBox><north>x</north><south>0</south><east>1</east><west>0</west></LatLonBox></GroundOverlay></kml>',
      '<kml><GroundOverlay><Icon><href>a.jpg</href></Icon><LatLonQuad><coordinates>1,2 3,4 5,6</coordinates></LatLonQuad></GroundOverlay></kml>',
      '<kml><GroundOverlay><Icon><href>a.jpg</href></Icon><LatLonBox><north>1</north>',
    ];
    for (const text of bad) expect(parseKmlOverlays(text)).toEqual([]);
  });
});

describe('latLonBoxCorners', () => {
  const box = { north: 58.4, south: 58.38, east: 26.76, west: 26.7, rotation: 0 };

  it('is the box itself without rotation', () => {
    expect(latLonBoxCorners(box)).toEqual([
      { lat: 58.4, lng: 26.7 },
      { lat: 58.4, lng: 26.76 },
      { lat: 58.38, lng: 26.76 },
      { lat: 58.38, lng: 26.7 },
    ]);
  });

  it('turns counter-clockwise about the centre, in a plane where longitude is scaled by cos(latitude)', () => {
    // A quarter turn to the left: the top-left corner goes to the bottom left; the box's half
    // width on the ground becomes its half height, and the other way round.
    const [tl, tr, br, bl] = latLonBoxCorners({ ...box, rotation: 90 });
    const squish = Math.cos((58.39 * Math.PI) / 180);
    const halfX = 0.03 * squish; // half the width, in degrees of latitude
    const halfY = 0.01;
    const at = (dx: number, dy: number) => ({ lat: 58.39 + dy, lng: 26.73 + dx / squish });
    const close = (a: LatLng, b: LatLng) => {
      expect(a.lat).toBeCloseTo(b.lat, 12);
      expect(a.lng).toBeCloseTo(b.lng, 12);
    };
    close(tl, at(-halfY, -halfX));
    close(tr, at(-halfY, halfX));
    close(br, at(halfY, halfX));
    close(bl, at(halfY, -halfX));
  });

  it('gives the corners of a rotated map rectangle known in L-EST97 to within a metre', () => {
    // A 3.4 × 2 km map drawn in L-EST97, its grid 2.29° off true north at Tartu: its corners
    // by proj4, then the LatLonBox a writer describes it with (centre, size on the ground and
    // the turn of its top edge), then back to corners.
    const toWgs = proj4(EPSG3301.proj4, '+proj=longlat +datum=WGS84 +no_defs');
    const [cx, cy] = [659_000, 6_474_000];
    const grid: [number, number][] = [
      [cx - 1700, cy + 1000],
      [cx + 1700, cy + 1000],
      [cx + 1700, cy - 1000],
      [cx - 1700, cy - 1000],
    ];
    const truth = grid.map((p) => {
      const [lng, lat] = toWgs.forward(p) as [number, number];
      return { lat, lng };
    });
    const lat0 = truth.reduce((s, c) => s + c.lat, 0) / 4;
    const lng0 = truth.reduce((s, c) => s + c.lng, 0) / 4;
    const squish = Math.cos((lat0 * Math.PI) / 180);
    const [tl, tr, br, bl] = truth as [LatLng, LatLng, LatLng, LatLng];
    // The mean of opposite edges, in the plane scaled by cos(latitude).
    const edge = (a: LatLng, b: LatLng, c: LatLng, d: LatLng) =>
      [
        ((b.lng - a.lng + d.lng - c.lng) / 2) * squish,
        (b.lat - a.lat + d.lat - c.lat) / 2,
      ] as const;
    const top = edge(tl, tr, bl, br);
    const side = edge(bl, tl, br, tr);
    const rotation = (Math.atan2(top[1], top[0]) * 180) / Math.PI;
    const halfW = Math.hypot(...top) / 2 / squish;
    const halfH = Math.hypot(...side) / 2;
    expect(rotation).toBeCloseTo(-2.29, 1);
    const corners = latLonBoxCorners({
      north: lat0 + halfH,
      south: lat0 - halfH,
      east: lng0 + halfW,
      west: lng0 - halfW,
      rotation,
    });
    // Not exact: a rectangle of the map's grid is not quite one in the plane KML turns in (the
    // meridians converge across the map), which is the LatLonBox's own limit: 0.58 m here.
    const errors = corners.map((c, i) => metres(c, truth[i]!));
    expect(Math.max(...errors)).toBeLessThan(1);
  });
});

describe('placementFromCorners', () => {
  it('puts the image corners exactly on the given corners', () => {
    const [overlay] = parseKmlOverlays(maprunQuad);
    const p = placementFromCorners(overlay!.corners, 4000, 2500);
    expect(p.source).toBe('kml');
    expect(p.crs).toBe(
      '+proj=tmerc +lat_0=58.39 +lon_0=26.73 +k=1 +x_0=0 +y_0=0 +datum=WGS84 +units=m +no_defs',
    );
    expect(placementProblem(p, 4000, 2500)).toBeNull();
    const pixels: [number, number][] = [
      [0, 0],
      [4000, 0],
      [4000, 2500],
      [0, 2500],
    ];
    pixels.forEach(([u, v], i) => near(pixelToLatLng(p, u, v), overlay!.corners[i]!, 1e-6));
  });

  it('stays within a metre of the KML reading (affine in degrees) inside a 3.4 × 2 km box', () => {
    const box = { north: 58.3995, south: 58.3815, east: 26.7581, west: 26.6999, rotation: -2.29 };
    const corners = latLonBoxCorners(box);
    const p = placementFromCorners(corners, 3400, 2000);
    // The KML reading of a LatLonBox is affine in (lng, lat): its centre is the box's centre.
    const worst = [0.25, 0.5, 0.75].flatMap((fu) =>
      [0.25, 0.5, 0.75].map((fv) => {
        const lat =
          corners[0].lat +
          fu * (corners[1].lat - corners[0].lat) +
          fv * (corners[3].lat - corners[0].lat);
        const lng =
          corners[0].lng +
          fu * (corners[1].lng - corners[0].lng) +
          fv * (corners[3].lng - corners[0].lng);
        return metres(pixelToLatLng(p, fu * 3400, fv * 2000), { lat, lng });
      }),
    );
    expect(Math.max(...worst)).toBeLessThan(1);
  });

  it('gives a placement placementProblem refuses, not an exception, for corners on a line', () => {
    const c = { lat: 58.4, lng: 26.7 };
    const p = placementFromCorners([c, c, { lat: 58.41, lng: 26.7 }, c], 100, 100);
    expect(placementProblem(p, 100, 100)).toBe('maps.error.badplacement');
    const pole = placementFromCorners([{ lat: 90, lng: 0 }, c, c, c], 100, 100);
    expect(placementProblem(pole, 100, 100)).toBe('maps.error.badplacement');
  });
});
