import {
  compareTrackTeams,
  encodeTrack,
  fillDistances,
  trackStats,
  trackToGpx,
  type LocationPoint,
  type PointsQuery,
  type PointProblem,
  type TeamTrackSummary,
  type TrackStat,
} from '@rada/core';
import { readGpxOffLoop } from './gpxOffLoop.ts';
import type { z } from 'zod';
import type { Actor } from '../auth/actor.ts';
import { timeId } from '../db/ids.ts';
import { fromJson, fromJsonMap, toJson } from '../db/json.ts';
import type { Store } from '../db/store.ts';
import { AppError, forbidden, notFound, unauthorized } from '../http/errors.ts';
import type { Bus } from '../realtime/bus.ts';
import { loadEventAccess } from '../teams/eventAdmin.ts';
import { checkPointsYielding, encodeChunk, logBadChunk, mergeChunks } from './track.chunks.ts';
import type { TrackLog } from './track.chunks.ts';
import { canImportTrack, canReadTracks } from './track.policy.ts';
import type { TeamTrackRow } from './track.repository.ts';
import type { TrackRowsOf } from './trackRows.ts';

export interface TrackReadDeps {
  store: Store;
  bus: Bus;
  now: () => number;
  /** Where an unreadable stored chunk is logged (it is skipped). */
  log: TrackLog;
  /** Where an event's teams and tracks are read: live rows, or an archived event's files. */
  trackRows?: TrackRowsOf;
}

/** The device id of chunks imported from GPX files. */
export const GPX_IMPORT_DEVICE = 'gpx-import';

/** A file answer: its bytes or text, content type and download name. */
export interface TrackFile<T> {
  body: T;
  filename: string;
}

/** A team's track summary (the colour lives in the team's list entry). */
function presentSummary(row: TeamTrackRow): TeamTrackSummary {
  const col = fromJsonMap(row.list).col;
  return {
    teamId: row.id,
    name: row.name,
    nr: row.nr,
    col: typeof col === 'string' && col !== '' ? col : null,
    stat: fromJson<TrackStat | null>(row.trackstat, null),
  };
}

/** A download name without characters that would break the header or a file system. */
const safeName = (s: string) => s.replace(/[^\w.-]+/g, '_');

/** Who sees tracks and what they see: points, summaries, track files, GPX export and import. */
export function trackReadService({
  store,
  now,
  log,
  trackRows = () => Promise.resolve(store.tracks),
}: TrackReadDeps) {
  /** Lets through those who may see the event's tracks: 401 signed out, else 403. */
  async function requireRead(actor: Actor | null, eventId: string): Promise<void> {
    const { access } = await loadEventAccess(store, actor, eventId);
    const hidetracks = fromJsonMap(await store.tracks.settingsOf(eventId)).hidetracks === true;
    if (!canReadTracks(access, hidetracks)) throw actor ? forbidden() : unauthorized();
  }

  async function team(eventId: string, teamId: string): Promise<TeamTrackRow> {
    const row = await (await trackRows(eventId)).findTeam(eventId, teamId);
    if (!row) throw notFound();
    return row;
  }

  return {
    /**
     * The points of one team (optionally one device) within [startt, endt], as one codec v2
     * block in time order (GET …/points; spec 02 §7).
     */
    async points(
      actor: Actor | null,
      eventId: string,
      q: z.output<typeof PointsQuery>,
    ): Promise<Uint8Array> {
      await requireRead(actor, eventId);
      await team(eventId, q.tid);
      const chunks = await (
        await trackRows(eventId)
      ).chunksOf(eventId, q.tid, {
        ...(q.devid !== undefined ? { deviceId: q.devid } : {}),
        ...(q.startt !== undefined ? { from: q.startt } : {}),
        ...(q.endt !== undefined ? { to: q.endt } : {}),
      });
      return encodeTrack(
        mergeChunks(chunks, {
          from: q.startt,
          to: q.endt,
          onBadChunk: logBadChunk(log, 'track points', eventId, q.tid),
        }),
      );
    },

    /** Every team's track summary (name, number, colour, stat), by team number. */
    async tracks(actor: Actor | null, eventId: string): Promise<TeamTrackSummary[]> {
      await requireRead(actor, eventId);
      const rows = await (await trackRows(eventId)).teamsOf(eventId);
      return rows.sort(compareTrackTeams).map(presentSummary);
    },

    /** The team's whole track as one codec file, `{teamId}_ws.data` (spec 01 §7). */
    async trackData(
      actor: Actor | null,
      eventId: string,
      teamId: string,
    ): Promise<TrackFile<Uint8Array>> {
      await requireRead(actor, eventId);
      await team(eventId, teamId);
      const points = mergeChunks(await (await trackRows(eventId)).chunksOf(eventId, teamId), {
        onBadChunk: logBadChunk(log, 'track file', eventId, teamId),
      });
      return { body: encodeTrack(points), filename: `${safeName(teamId)}_ws.data` };
    },

    /** The team's whole track as GPX 1.1, `{event}-{team}.gpx`. */
    async trackGpx(
      actor: Actor | null,
      eventId: string,
      teamId: string,
    ): Promise<TrackFile<string>> {
      await requireRead(actor, eventId);
      const row = await team(eventId, teamId);
      const points = mergeChunks(await (await trackRows(eventId)).chunksOf(eventId, teamId), {
        onBadChunk: logBadChunk(log, 'GPX export', eventId, teamId),
      });
      return {
        body: trackToGpx(points, { name: row.name, time: now() }),
        filename: `${safeName(eventId)}-${safeName(teamId)}.gpx`,
      };
    },

    /**
     * Imports a GPX track into the team (admins): its valid points not already in the team's
     * track at the same time go into one chunk of device 'gpx-import', and the team's track
     * stat is computed afresh over the whole track (the import may lie before stored points).
     */
    async importGpx(
      actor: Actor | null,
      eventId: string,
      teamId: string,
      gpx: string,
    ): Promise<{
      accepted: number;
      duplicates: number;
      rejected: { index: number; reason: PointProblem }[];
      problems: string[];
    }> {
      const { access } = await loadEventAccess(store, actor, eventId);
      if (!canImportTrack(access)) throw actor ? forbidden() : unauthorized();
      let parsed: { points: LocationPoint[]; problems: string[] };
      try {
        parsed = await readGpxOffLoop(gpx);
      } catch (error) {
        throw new AppError('error.validation', 400, [
          { path: 'gpx', message: error instanceof Error ? error.message : 'not a GPX track' },
        ]);
      }
      const t = now();
      const { good, rejected } = await checkPointsYielding(parsed.points, t);
      const { problems } = parsed;
      return store.transaction(async (repos) => {
        const locked = await repos.tracks.lockTeamStat(eventId, teamId);
        if (!locked) throw notFound();
        const existing = mergeChunks(await repos.tracks.chunksOf(eventId, teamId), {
          onBadChunk: logBadChunk(log, 'GPX import', eventId, teamId),
        });
        const times = new Set(existing.map((p) => p.t));
        const fresh: LocationPoint[] = [];
        for (const c of good.map((g) => g.point).sort((p, q) => p.t - q.t)) {
          if (!times.has(c.t)) fresh.push(c);
          times.add(c.t);
        }
        const duplicates = good.length - fresh.length;
        if (fresh.length === 0) return { accepted: 0, duplicates, rejected, problems };
        const points = fillDistances(fresh, null);
        await repos.tracks.insertChunk({
          id: timeId(t),
          event_id: eventId,
          team_id: teamId,
          device_id: GPX_IMPORT_DEVICE,
          t_from: points[0]!.t,
          t_to: points.at(-1)!.t,
          points: points.length,
          data: encodeChunk(points),
        });
        const stored = fromJson<TrackStat | null>(locked.trackstat, null);
        const all = [...existing, ...points].sort((p, q) => p.t - q.t);
        const stat: TrackStat = { ...trackStats(all, null), battery: stored?.battery ?? null };
        await repos.tracks.setTeamStat(eventId, teamId, toJson(stat));
        return { accepted: points.length, duplicates, rejected, problems };
      });
    },
  };
}
