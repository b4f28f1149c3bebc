import {
  decodeTrack,
  encodeTrack,
  validatePoint,
  type LocationPoint,
  type PointProblem,
} from '@rada/core';

/** A stored chunk's points: its `data` is the base64 of codec bytes (track_chunks.data). */
export function decodeChunk(data: string): LocationPoint[] {
  return decodeTrack(Buffer.from(data, 'base64'));
}

/** Codec bytes of points as a chunk's `data` (base64; Node's encoder, the codec's alphabet). */
export function encodeChunk(points: readonly LocationPoint[]): string {
  const bytes = encodeTrack(points);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
}

/**
 * The points of chunks (each in time order, the list by start time) merged into one list in
 * time order, keeping only those within [from, to] when given. Equal times keep chunk order.
 */
export function mergeChunks(
  chunks: readonly { data: string }[],
  from?: number,
  to?: number,
): LocationPoint[] {
  const out: LocationPoint[] = [];
  let sorted = true;
  for (const c of chunks) {
    for (const p of decodeChunk(c.data)) {
      if ((from !== undefined && p.t < from) || (to !== undefined && p.t > to)) continue;
      if (sorted && out.length > 0 && out[out.length - 1]!.t > p.t) sorted = false;
      out.push(p);
    }
  }
  if (!sorted) out.sort((p, q) => p.t - q.t);
  return out;
}

export type Refusal = { index: number; reason: PointProblem };
export interface Checked {
  point: LocationPoint;
  battery: number | null;
}

/** Splits raw points into valid ones (with their battery) and refusals with reasons. */
export function checkPoints(raw: readonly unknown[], now: number) {
  const good: Checked[] = [];
  const rejected: Refusal[] = [];
  raw.forEach((value, index) => {
    const r = validatePoint(value, now);
    if ('problem' in r) rejected.push({ index, reason: r.problem });
    else good.push({ point: r.point, battery: r.battery ?? null });
  });
  return { good, rejected };
}
