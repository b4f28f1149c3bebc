import { describe, expect, it } from 'vitest';
import type { Checkpoint, EventMapImageView } from '@rada/core';
import { sheetBounds } from './PrintMap.tsx';
import type { Located } from '../map/KpMap.tsx';

const kp = (lat: number, lng: number) =>
  ({ id: `${lat}`, kp: { nr: 1 }, data: { loc: { lat, lng } } }) as unknown as Checkpoint & Located;

const image = {
  id: 'm',
  state: 'ready',
  tiles: { url: '/{grid}', grids: {} },
  corners: [
    { lat: 58.4, lng: 26.7 },
    { lat: 58.4, lng: 26.8 },
    { lat: 58.3, lng: 26.8 },
    { lat: 58.3, lng: 26.7 },
  ],
} as unknown as EventMapImageView;

describe('the printed map’s area', () => {
  it('covers the map image and every KP, and is nothing without either', () => {
    const both = sheetBounds({ images: [image] }, [kp(58.45, 26.75)])!;
    expect(both.getNorth()).toBeCloseTo(58.45, 6);
    expect(both.getSouth()).toBeLessThanOrEqual(58.3);
    expect(both.getEast()).toBeGreaterThanOrEqual(26.8);
    const kpsOnly = sheetBounds({ images: [{ ...image, state: 'cutting' }] }, [kp(58, 26)])!;
    expect(kpsOnly.getNorth()).toBe(58);
    expect(sheetBounds({ images: [] }, [])).toBeNull();
  });
});
