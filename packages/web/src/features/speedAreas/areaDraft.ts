import type { SpeedArea, SpeedAreaPoint } from '@rada/core';

/** A vertex on the map (Leaflet's order: lat, lng). */
export type Vertex = [number, number];

/** The properties the area dialog edits; `limit` is the text of the field (empty: event limit). */
export interface AreaForm {
  name: string;
  limit: string;
  restricted: boolean;
  timed: boolean;
}

export const emptyForm: AreaForm = { name: '', limit: '', restricted: false, timed: false };

export const formOf = (a: SpeedArea): AreaForm => ({
  name: a.name,
  limit: a.limit === null ? '' : String(a.limit),
  restricted: a.restricted,
  timed: a.timed,
});

/** The limit the form holds: null for empty, undefined when it is not a positive number. */
export function limitOf(form: AreaForm): number | null | undefined {
  const text = form.limit.trim().replace(',', '.');
  if (text === '') return null;
  const n = Number(text);
  return Number.isFinite(n) && n > 0 && n <= 500 ? n : undefined;
}

export const verticesOf = (a: SpeedArea): Vertex[] => a.area.map((p) => [p.latitude, p.longitude]);

/**
 * Vertices as stored points. Consecutive repeats (a double-click adds its clicks too) and a last
 * vertex equal to the first are dropped; coordinates are rounded to 7 decimals (about 1 cm).
 */
export function pointsOf(vertices: readonly Vertex[]): SpeedAreaPoint[] {
  const r = (v: number) => Math.round(v * 1e7) / 1e7;
  const out: SpeedAreaPoint[] = [];
  for (const [lat, lng] of vertices) {
    const p = { latitude: r(lat), longitude: r(lng) };
    const last = out[out.length - 1];
    if (last && last.latitude === p.latitude && last.longitude === p.longitude) continue;
    out.push(p);
  }
  const first = out[0];
  const last = out[out.length - 1];
  if (
    out.length > 1 &&
    first &&
    last &&
    first.latitude === last.latitude &&
    first.longitude === last.longitude
  ) {
    out.pop();
  }
  return out;
}

/** The area a form and vertices make, or null while the form is not valid. */
export function areaOf(form: AreaForm, vertices: readonly Vertex[]): SpeedArea | null {
  const limit = limitOf(form);
  const area = pointsOf(vertices);
  if (limit === undefined || area.length < 3 || form.name.trim() === '') return null;
  return { name: form.name.trim(), area, limit, restricted: form.restricted, timed: form.timed };
}

/** A fresh area id (the server accepts [A-Za-z0-9_-]{1,64}), not among `taken`. */
export function newAreaId(taken: Iterable<string>, now: number): string {
  const used = new Set(taken);
  let n = now;
  let id = `area-${n.toString(36)}`;
  while (used.has(id)) id = `area-${(++n).toString(36)}`;
  return id;
}

/** Map colours: restricted red, others orange; timed areas are drawn dashed. */
export function areaStyle(a: Pick<SpeedArea, 'restricted' | 'timed'>) {
  const color = a.restricted ? '#d32f2f' : '#ef6c00';
  return {
    color,
    fillColor: color,
    fillOpacity: 0.15,
    weight: 3,
    dashArray: a.timed ? '8 6' : undefined,
  };
}
