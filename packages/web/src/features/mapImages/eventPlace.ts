import type { Checkpoint, EventMapView } from '@rada/core';

/**
 * Where the event is, for the world-file dialog's UTM zone and guess: the middle of the event's
 * area, else of its located KPs; null when it has neither.
 */
export function eventPlace(
  map: Pick<EventMapView, 'eventbounds'> | undefined,
  checkpoints: readonly Checkpoint[] | undefined,
): { lat: number; lng: number } | null {
  const area = map?.eventbounds;
  if (area) {
    return {
      lat: (area.northEast.lat + area.southWest.lat) / 2,
      lng: (area.northEast.lng + area.southWest.lng) / 2,
    };
  }
  const located = (checkpoints ?? []).flatMap((c) =>
    c.data.loc && Number.isFinite(c.data.loc.lat) && Number.isFinite(c.data.loc.lng)
      ? [c.data.loc]
      : [],
  );
  if (located.length === 0) return null;
  return {
    lat: located.reduce((s, p) => s + p.lat, 0) / located.length,
    lng: located.reduce((s, p) => s + p.lng, 0) / located.length,
  };
}
