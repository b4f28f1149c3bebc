import { TEAM_COLOURS, decodeTrack } from '@rada/core';
import type {
  ListenBatch,
  ListenHistoryEntry,
  LocationPoint,
  TeamTrackSummary,
  TrackSource,
} from '@rada/core';
import { mergePoints } from './trackMath.ts';

/** One team on the live map: who it is and every point of its devices, oldest first. */
export interface TeamTrack {
  teamId: string;
  name: string;
  nr: string | null;
  colour: string;
  /** Battery level 0..1 from the track summary, when known. */
  battery: number | null;
  /** Where the newest points came from (summary or live batch); null before any point. */
  src: TrackSource | null;
  /** The time of the newest point `src` is known for (a newer one wins). */
  srcT: number;
  points: LocationPoint[];
}

/**
 * A team's map colour: its own, else the team colour at `index` (its place in the team list, so
 * neighbours differ), else one picked by its id.
 */
export function teamColour(teamId: string, col: string | null, index?: number): string {
  if (col) return col;
  if (index !== undefined) return TEAM_COLOURS[index % TEAM_COLOURS.length]!;
  let h = 0;
  for (let i = 0; i < teamId.length; i++) h = (h * 31 + teamId.charCodeAt(i)) >>> 0;
  return TEAM_COLOURS[h % TEAM_COLOURS.length]!;
}

/** The label of a team on the map and in the list: 'nr name'. */
export const teamLabel = (team: Pick<TeamTrack, 'nr' | 'name'>): string =>
  team.nr ? `${team.nr} ${team.name}` : team.name;

/**
 * The live map's tracks, outside React: the history and live batches go in, the map layer reads
 * the points imperatively each frame, and subscribers hear of every change (`version` counts
 * them). A team's points of all its devices share one time-sorted track.
 */
export class TrackStore {
  readonly teams = new Map<string, TeamTrack>();
  private readonly deviceTeams = new Map<string, string>();
  private readonly listeners = new Set<() => void>();
  version = 0;
  /** The newest point's time over all teams (-Infinity without points). */
  maxT = -Infinity;
  /** Teams whose battery the summaries may now know (points came; see `takeSummaryWish`). */
  private readonly summaryAsked = new Set<string>();
  private summaryWish = false;

  /** Adds or renames teams from the track summaries (name, number, colour, battery). */
  setSummaries(summaries: readonly TeamTrackSummary[]): void {
    summaries.forEach((s, index) => {
      const team = this.team(s.teamId);
      team.name = s.name;
      team.nr = s.nr;
      team.colour = teamColour(s.teamId, s.col, index);
      team.battery = s.stat?.battery ?? null;
      const lastT = s.stat?.lastT;
      if (s.stat && s.stat.points > 0 && lastT != null && lastT >= team.srcT) {
        team.src = s.stat.src ?? 'app';
        team.srcT = lastT;
      }
    });
    this.changed();
  }

  /** Adds decoded points to a team's track; returns whether any were new. */
  addPoints(teamId: string, points: readonly LocationPoint[], notify = true): boolean {
    const track = this.team(teamId).points;
    const added = mergePoints(track, points);
    if (added) this.maxT = Math.max(this.maxT, track[track.length - 1]!.t);
    if (added && notify) this.changed();
    return added;
  }

  /** Adds codec v2 bytes (GET …/points) of a team. Bad bytes are skipped. */
  addEncoded(teamId: string, bytes: Uint8Array): boolean {
    if (bytes.length === 0) return false;
    try {
      return this.addPoints(teamId, decodeTrack(bytes));
    } catch {
      return false;
    }
  }

  /** Applies the /listen 'z:' history: every device's chunks, remembering device → team. */
  addHistory(entries: readonly ListenHistoryEntry[]): void {
    for (const e of entries) {
      if (e.devid) this.deviceTeams.set(e.devid, e.tid);
      for (const chunk of e.chunks) {
        try {
          this.addPoints(e.tid, decodeTrack(chunk), false);
        } catch {
          // A damaged chunk loses only its own points.
        }
      }
    }
    this.changed();
  }

  /** Applies /listen 'j:' batches; a batch of a device with no known team is skipped. */
  addBatches(batches: readonly ListenBatch[]): void {
    let added = false;
    for (const b of batches) {
      const tid = b.tid ?? this.deviceTeams.get(b.devid) ?? null;
      if (!tid) continue;
      if (b.tid) this.deviceTeams.set(b.devid, b.tid);
      const team = this.team(tid);
      const newest = b.locations.reduce((m, p) => Math.max(m, p.t), -Infinity);
      let newSource = false;
      if (newest >= team.srcT) {
        const src = b.src ?? 'app';
        newSource = team.src !== src;
        if (newSource) {
          team.src = src;
          added = true;
          // A new source brings its own battery readings.
          this.summaryAsked.delete(tid);
        }
        team.srcT = newest;
      }
      added = this.addPoints(tid, b.locations, false) || added;
      const unknown = team.battery === null || newSource;
      if (b.locations.length > 0 && unknown && !this.summaryAsked.has(tid)) {
        this.summaryAsked.add(tid);
        this.summaryWish = true;
      }
    }
    if (added) this.changed();
  }

  /**
   * Whether the track summaries should be fetched again now: live points came for a team whose
   * battery is not known yet (its first points, or a new source), which the summaries hold but a
   * batch does not. Asked once per team, so a phone without a battery reading costs nothing.
   * Reading the wish clears it.
   */
  takeSummaryWish(): boolean {
    const wish = this.summaryWish;
    this.summaryWish = false;
    return wish;
  }

  /** The time of a team's last point, or null. */
  lastT(teamId: string): number | null {
    const points = this.teams.get(teamId)?.points;
    return points?.length ? points[points.length - 1]!.t : null;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private team(teamId: string): TeamTrack {
    let team = this.teams.get(teamId);
    if (!team) {
      team = {
        teamId,
        name: teamId,
        nr: null,
        colour: teamColour(teamId, null),
        battery: null,
        src: null,
        srcT: -Infinity,
        points: [],
      };
      this.teams.set(teamId, team);
    }
    return team;
  }

  private changed(): void {
    this.version++;
    for (const l of this.listeners) l();
  }
}
