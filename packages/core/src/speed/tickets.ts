import type { LocationPoint } from '../tracks/types.ts';
import type { IdentifiedSpeedTicket, SpeedArea, SpeedSettings, SpeedTicketKind } from '../speed.ts';
import { haversine } from '../tracks/stats.ts';
import { pointInPolygon } from './geo.ts';

/**
 * Consecutive points further apart than this are a gap in the data: nothing is known about the
 * speed in between, so a speeding episode ends at a gap and no speed is derived across it.
 */
export const SPEED_GAP_MS = 60_000;

/** Ids of computed tickets; a recomputation replaces these and keeps every other (manual) one. */
export const COMPUTED_TICKET_ID = /^(over1|over2|restricted|timed)-/;

const MS_TO_KMH = 3.6;

interface PreparedArea {
  id: string;
  area: SpeedArea;
  minLat: number;
  maxLat: number;
  minLng: number;
  maxLng: number;
}

function prepare(areas: Record<string, SpeedArea>): PreparedArea[] {
  return Object.entries(areas)
    .filter(([, a]) => a.area.length >= 3)
    .map(([id, area]) => ({
      id,
      area,
      minLat: Math.min(...area.area.map((p) => p.latitude)),
      maxLat: Math.max(...area.area.map((p) => p.latitude)),
      minLng: Math.min(...area.area.map((p) => p.longitude)),
      maxLng: Math.max(...area.area.map((p) => p.longitude)),
    }));
}

const contains = (a: PreparedArea, p: LocationPoint): boolean =>
  p.y >= a.minLat &&
  p.y <= a.maxLat &&
  p.x >= a.minLng &&
  p.x <= a.maxLng &&
  pointInPolygon(p.y, p.x, a.area.area);

const round1 = (v: number) => Math.round(v * 10) / 10;
const round3 = (v: number) => Math.round(v * 1000) / 1000;

/** Sorted by time, one point per time, finite coordinates only. */
function cleanTrack(points: readonly LocationPoint[]): LocationPoint[] {
  const sorted = points
    .filter((p) => Number.isFinite(p.t) && Number.isFinite(p.x) && Number.isFinite(p.y))
    .sort((a, b) => a.t - b.t);
  return sorted.filter((p, i) => i === 0 || p.t !== sorted[i - 1]!.t);
}

const segmentKmh = (a: LocationPoint, b: LocationPoint): number | null => {
  const dt = b.t - a.t;
  if (dt <= 0 || dt > SPEED_GAP_MS) return null;
  return round3((haversine(a, b) / dt) * 1000 * MS_TO_KMH);
};

/**
 * Speed at each point in km/h: the device's own speed `s` (m/s) when it sent one, else the
 * distance from the previous point over the time between them (from the next point for the
 * first point of a stretch); null when neither is known (a lone point between gaps).
 */
export function pointSpeedsKmh(points: readonly LocationPoint[]): (number | null)[] {
  return points.map((p, i) => {
    // Rounded to 0.001 km/h so that m/s → km/h float noise never decides a threshold.
    if (p.s !== null && Number.isFinite(p.s) && p.s >= 0) return round3(p.s * MS_TO_KMH);
    const prev = i > 0 ? segmentKmh(points[i - 1]!, p) : null;
    if (prev !== null) return prev;
    return i + 1 < points.length ? segmentKmh(p, points[i + 1]!) : null;
  });
}

/** Maximal index ranges [start, end] where `on(i)` holds and no gap splits consecutive points. */
function runs(
  points: readonly LocationPoint[],
  on: (i: number) => boolean,
  from = 0,
  to = points.length - 1,
): [number, number][] {
  const out: [number, number][] = [];
  let start = -1;
  for (let i = from; i <= to; i++) {
    const gap = i > from && points[i]!.t - points[i - 1]!.t > SPEED_GAP_MS;
    if (start >= 0 && (gap || !on(i))) {
      out.push([start, i - 1]);
      start = -1;
    }
    if (start < 0 && on(i)) start = i;
  }
  if (start >= 0) out.push([start, to]);
  return out;
}

/**
 * Whether a track can earn tickets at all: only with a limit or speed areas. Without, speedTickets
 * gives none whatever the track, and a server need not read one.
 */
export const ticketsPossible = (speed: SpeedSettings, areas: Record<string, SpeedArea>): boolean =>
  speed.limit !== null || Object.keys(areas).length > 0;

/**
 * The speed tickets of one team's track (docs/speed-tickets.md):
 *
 * - Speeding: an episode is a maximal run of points (no data gap over SPEED_GAP_MS) whose speed
 *   is over the applicable limit + min(over1, over2). It gets one ticket: 'over2' when within it
 *   the speed stays over limit + over2 for at least delay2 seconds, else 'over1' when it stays
 *   over limit + over1 for at least delay1 seconds, else none. The applicable limit is the lowest
 *   limit of the (not timed) areas the point is in (an area without a limit has the event's),
 *   else `speed.limit`. Points inside a timed area are not checked this way.
 * - Restricted: one 'restricted' ticket per entry into a restricted area (the first point of
 *   each run of points inside it; a gap in the data while inside is not a new entry).
 * - Timed: for each pass through a timed area (a run of points inside it), the average speed
 *   (path length over time between the first and last point inside) over the area's limit +
 *   over1 gives one 'timed' ticket.
 *
 * Ids are derived from kind, area and start time, so recomputing gives the same ids.
 */
export function speedTickets(
  points: readonly LocationPoint[],
  speed: SpeedSettings,
  areas: Record<string, SpeedArea>,
): IdentifiedSpeedTicket[] {
  const pts = cleanTrack(points);
  if (pts.length === 0) return [];
  const prepared = prepare(areas);
  const inside = prepared.map((a) => pts.map((p) => contains(a, p)));
  const kmh = pointSpeedsKmh(pts);
  const limitOf = (a: SpeedArea) => a.limit ?? speed.limit;

  // The applicable limit (null: none) and its area at each point; null where a timed area
  // takes over.
  const applies = pts.map((_, i) => {
    let limit = speed.limit;
    let area: string | null = null;
    for (let k = 0; k < prepared.length; k++) {
      if (!inside[k]![i]) continue;
      const a = prepared[k]!;
      if (a.area.timed) return null;
      const own = limitOf(a.area);
      if (area === null || (own !== null && (limit === null || own < limit))) {
        limit = own;
        area = a.id;
      }
    }
    return { limit, area };
  });
  const over = (i: number, by: number) => {
    const v = kmh[i];
    const a = applies[i];
    return v !== null && v !== undefined && !!a && a.limit !== null && v > a.limit + by;
  };
  const lasts = (range: [number, number], seconds: number) =>
    pts[range[1]]!.t - pts[range[0]]!.t >= seconds * 1000;

  const tickets: IdentifiedSpeedTicket[] = [];
  const ticket = (
    kind: SpeedTicketKind,
    s: number,
    e: number,
    at: number,
    v: number,
    limit: number | null,
    area: string | null,
  ) => {
    const t = pts[s]!.t;
    tickets.push({
      id:
        area !== null && (kind === 'restricted' || kind === 'timed')
          ? `${kind}-${area}-${t}`
          : `${kind}-${t}`,
      t,
      endt: pts[e]!.t,
      speed: round1(v),
      limit,
      kind,
      area,
      loc: { lat: pts[at]!.y, lng: pts[at]!.x },
    });
  };

  for (const episode of runs(pts, (i) => over(i, Math.min(speed.over1, speed.over2)))) {
    const [s, e] = episode;
    const qualifies = (by: number, delay: number) =>
      runs(pts, (i) => over(i, by), s, e).some((r) => lasts(r, delay));
    const kind: SpeedTicketKind | null = qualifies(speed.over2, speed.delay2)
      ? 'over2'
      : qualifies(speed.over1, speed.delay1)
        ? 'over1'
        : null;
    if (!kind) continue;
    let top = s;
    for (let i = s; i <= e; i++) if ((kmh[i] ?? 0) > (kmh[top] ?? 0)) top = i;
    const at = applies[top]!;
    ticket(kind, s, e, top, kmh[top] ?? 0, at.limit, at.area);
  }

  prepared.forEach((a, k) => {
    const isIn = (i: number) => inside[k]![i]!;
    // Passes ignore data gaps: staying inside while the device is silent is one visit.
    const passes: [number, number][] = [];
    for (let i = 0; i < pts.length; i++) {
      if (!isIn(i)) continue;
      if (i > 0 && isIn(i - 1)) passes[passes.length - 1]![1] = i;
      else passes.push([i, i]);
    }
    for (const [s, e] of passes) {
      if (a.area.restricted) ticket('restricted', s, e, s, kmh[s] ?? 0, limitOf(a.area), a.id);
      if (a.area.timed && e > s) {
        let metres = 0;
        for (let i = s + 1; i <= e; i++) {
          metres += haversine(pts[i - 1]!, pts[i]!);
        }
        const seconds = (pts[e]!.t - pts[s]!.t) / 1000;
        const average = (metres / seconds) * MS_TO_KMH;
        const limit = limitOf(a.area);
        if (limit !== null && average > limit + speed.over1) {
          ticket('timed', s, e, s, average, limit, a.id);
        }
      }
    }
  });

  return tickets.sort((a, b) => a.t - b.t || a.id.localeCompare(b.id));
}
