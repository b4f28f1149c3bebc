import {
  decodeTrack,
  encodeTrack,
  validatePoint,
  type LocationPoint,
  type PointProblem,
} from '@rada/core';

/** A stored chunk's codec bytes: its `data` is their base64 (track_chunks.data); Node's decoder. */
export function chunkBytes(data: string): Uint8Array {
  return Buffer.from(data, 'base64');
}

/** A stored chunk's points. */
export function decodeChunk(data: string): LocationPoint[] {
  return decodeTrack(chunkBytes(data));
}

/** Codec bytes of points as a chunk's `data` (base64; Node's encoder, the codec's alphabet). */
export function encodeChunk(points: readonly LocationPoint[]): string {
  const bytes = encodeTrack(points);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
}

/** Which merged points to keep, and what to do with a chunk that does not decode. */
export interface MergeOptions<C> {
  /** Keep only points at or after this time. */
  from?: number | undefined;
  /** Keep only points at or before this time. */
  to?: number | undefined;
  /**
   * A chunk that does not decode is skipped and reported here (every reader logs it: one bad
   * row must not cost the team its whole track, nor the caller a 500).
   */
  onBadChunk: (error: unknown, chunk: C) => void;
}

/**
 * The points of chunks (each in time order, the list by start time) merged into one list in
 * time order, keeping only those within [from, to] when given. Equal times keep chunk order.
 * The one reader of a team's stored track (track views, GPX import, speed tickets).
 */
export function mergeChunks<C extends { data: string }>(
  chunks: readonly C[],
  { from, to, onBadChunk }: MergeOptions<C>,
): LocationPoint[] {
  const out: LocationPoint[] = [];
  let sorted = true;
  for (const c of chunks) {
    let points: LocationPoint[];
    try {
      points = decodeChunk(c.data);
    } catch (error) {
      onBadChunk(error, c);
      continue;
    }
    for (const p of points) {
      if ((from !== undefined && p.t < from) || (to !== undefined && p.t > to)) continue;
      if (sorted && out.length > 0 && out[out.length - 1]!.t > p.t) sorted = false;
      out.push(p);
    }
  }
  if (!sorted) out.sort((p, q) => p.t - q.t);
  return out;
}

/** Where the readers of stored tracks log (the app's warn). */
export type TrackLog = (obj: object, msg: string) => void;

/** A chunk as the readers identify it in a log line. */
interface ChunkRef {
  id?: string;
  team_id?: string;
  device_id?: string | null;
  t_from?: number;
}

/**
 * The `onBadChunk` of a reader: one warning per skipped chunk naming the event, team, device
 * and chunk, `{reader}: unreadable track chunk skipped`.
 */
export function logBadChunk(
  log: TrackLog,
  reader: string,
  eventId: string,
  teamId?: string,
): (error: unknown, chunk: ChunkRef) => void {
  return (error, chunk) =>
    log(
      {
        err: error,
        eventId,
        teamId: teamId ?? chunk.team_id,
        deviceId: chunk.device_id ?? null,
        chunkId: chunk.id,
        tFrom: chunk.t_from,
      },
      `${reader}: unreadable track chunk skipped`,
    );
}

/**
 * A stored chunk's codec bytes when they decode, else null after `onBadChunk` (for readers that
 * pass the bytes on without merging them, such as the /listen history).
 */
export function checkedChunkBytes<C extends { data: string }>(
  chunk: C,
  onBadChunk: (error: unknown, chunk: C) => void,
): Uint8Array | null {
  const bytes = chunkBytes(chunk.data);
  try {
    decodeTrack(bytes);
    return bytes;
  } catch (error) {
    onBadChunk(error, chunk);
    return null;
  }
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

/** Points checked between two turns of the event loop in checkPointsYielding. */
const CHECK_SLICE = 4000;

/**
 * checkPoints for a long list (a GPX import of 40,000 points costs the loop 60–160 ms in one
 * go): the same answer, with a turn of the event loop after every CHECK_SLICE points.
 */
export async function checkPointsYielding(raw: readonly unknown[], now: number) {
  const good: Checked[] = [];
  const rejected: Refusal[] = [];
  for (let from = 0; from < raw.length; from += CHECK_SLICE) {
    if (from > 0) await new Promise((resolve) => setImmediate(resolve));
    const part = checkPoints(raw.slice(from, from + CHECK_SLICE), now);
    for (const c of part.good) good.push(c);
    for (const r of part.rejected) rejected.push({ ...r, index: r.index + from });
  }
  return { good, rejected };
}
