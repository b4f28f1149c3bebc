import { describe, expect, it } from 'vitest';
import type { MapPlacement } from '@rada/core';
import { MAX_ZOOM_SLACK, planGrid, squareMeetsPolygon } from './plan.ts';

/** `s` metres a pixel in L-EST97, north up. */
const lest = (s: number): MapPlacement => ({
  crs: 'EPSG:3301',
  source: 'worldfile',
  h: [s, 0, 659_000, 0, -s, 6_474_000, 0, 0, 1],
});

describe('planGrid zoom levels', () => {
  it('takes the first zoom whose pixel is at most a third of a level coarser than the image', () => {
    // L-EST97 zoom 12 is 0.977 m a pixel, zoom 13 0.488 m.
    expect(planGrid('3301', lest(0.8), 8000, 8000).maxZoom).toBe(12);
    expect(planGrid('3301', lest(0.977 / MAX_ZOOM_SLACK + 0.01), 8000, 8000).maxZoom).toBe(12);
    expect(planGrid('3301', lest(0.977 / MAX_ZOOM_SLACK - 0.01), 8000, 8000).maxZoom).toBe(13);
    // Web Mercator zoom 17 at 58.4° N is 0.626 m on the ground, zoom 16 1.25 m.
    expect(planGrid('3857', lest(0.8), 8000, 8000).maxZoom).toBe(17);
    expect(planGrid('3857', lest(1.1), 8000, 8000).maxZoom).toBe(16);
  });

  it('goes down to where the map is a tile across, at most 8 levels', () => {
    // 8000 px at 0.8 m: 6.4 km, 6550 px at L-EST97 zoom 12, 205 px at zoom 7.
    expect(planGrid('3301', lest(0.8), 8000, 8000)).toMatchObject({ minZoom: 7, maxZoom: 12 });
    // A 100 km map at 0.1 m a pixel would need 10 levels: 8.
    const huge = planGrid('3301', lest(0.1), 1_000_000, 100);
    expect(huge.maxZoom - huge.minZoom).toBe(8);
  });

  it('maps grid points back to the image pixels they came from', () => {
    const plan = planGrid('3301', lest(2), 1200, 900);
    const [u, v] = plan.toImage(659_000 + 2 * 300, 6_474_000 - 2 * 200);
    expect(u).toBeCloseTo(300, 6);
    expect(v).toBeCloseTo(200, 6);
  });
});

describe('squareMeetsPolygon', () => {
  const diamond: [number, number][] = [
    [50, 0],
    [100, 50],
    [50, 100],
    [0, 50],
  ];
  it('meets when a corner, an edge or the inside is shared, not when apart', () => {
    expect(squareMeetsPolygon(40, 40, 60, 60, diamond)).toBe(true); // inside
    expect(squareMeetsPolygon(-10, -10, 200, 200, diamond)).toBe(true); // around
    expect(squareMeetsPolygon(20, 20, 30, 30, diamond)).toBe(true); // a corner inside
    expect(squareMeetsPolygon(0, 0, 24, 24, diamond)).toBe(false); // the corner cut off
    expect(squareMeetsPolygon(-5, 45, 2, 55, diamond)).toBe(true); // around a vertex
    expect(squareMeetsPolygon(45, -5, 55, 200, diamond)).toBe(true); // a strip through it
    expect(squareMeetsPolygon(101, 0, 200, 200, diamond)).toBe(false);
  });
});
