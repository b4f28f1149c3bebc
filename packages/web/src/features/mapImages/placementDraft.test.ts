import { describe, expect, it } from 'vitest';
import { MAP_PLACEMENT_MAX_POINTS } from '@rada/core';
import {
  clickImage,
  controlPoints,
  draftOf,
  modelFor,
  moveOnImage,
  pendingPoint,
  placeOnEarth,
  removePoint,
} from './placementDraft.ts';

describe('placement draft', () => {
  it('adds a point on the image, then places it on the earth', () => {
    let points = clickImage([], 10, 20);
    expect(points).toEqual([{ id: 1, u: 10, v: 20, lat: null, lng: null }]);
    expect(pendingPoint(points)?.id).toBe(1);
    // A second click on the image moves the waiting point instead of adding one.
    points = clickImage(points, 11, 21);
    expect(points).toHaveLength(1);
    expect(points[0]).toMatchObject({ u: 11, v: 21 });
    points = placeOnEarth(points, { lat: 58, lng: 26 }, { kpId: 'kp1' });
    expect(points[0]).toEqual({ id: 1, u: 11, v: 21, lat: 58, lng: 26, kpId: 'kp1' });
    expect(pendingPoint(points)).toBeUndefined();
    // Nothing waits: a place on the earth changes nothing; a click on the image adds point 2.
    expect(placeOnEarth(points, { lat: 1, lng: 1 })).toEqual(points);
    points = clickImage(points, 100, 200);
    expect(points.map((p) => p.id)).toEqual([1, 2]);
  });

  it('moves, retypes and removes points; only complete ones go to the fit', () => {
    let points = clickImage(placeOnEarth(clickImage([], 1, 2), { lat: 58, lng: 26 }), 3, 4);
    points = moveOnImage(points, 1, 5, 6);
    points = placeOnEarth(points, { lat: 59, lng: 27 }, { id: 1 });
    expect(points[0]).toEqual({ id: 1, u: 5, v: 6, lat: 59, lng: 27 });
    expect(controlPoints(points)).toEqual([{ u: 5, v: 6, lat: 59, lng: 27 }]);
    points = removePoint(points, 1);
    expect(points.map((p) => p.id)).toEqual([2]);
    // Ids keep growing after a removal: no two rows share one.
    expect(clickImage(placeOnEarth(points, { lat: 1, lng: 1 }), 0, 0).map((p) => p.id)).toEqual([
      2, 3,
    ]);
  });

  it('stops adding at the API limit', () => {
    let points = draftOf(null);
    for (let i = 0; i < MAP_PLACEMENT_MAX_POINTS + 5; i++) {
      points = placeOnEarth(clickImage(points, i, i), { lat: 58, lng: 26 });
    }
    expect(points).toHaveLength(MAP_PLACEMENT_MAX_POINTS);
  });

  it('reads a saved placement back and chooses the model', () => {
    const points = draftOf({
      crs: 'EPSG:3857',
      h: [1, 0, 0, 0, 1, 0, 0, 0, 1],
      source: 'points',
      points: [{ u: 1, v: 2, lat: 58, lng: 26 }],
    });
    expect(points).toEqual([{ id: 1, u: 1, v: 2, lat: 58, lng: 26 }]);
    expect(modelFor('projective', 3)).toBe('affine');
    expect(modelFor('projective', 4)).toBe('projective');
    expect(modelFor('affine', 9)).toBe('affine');
  });
});
