import type { ChunkFilter, TeamTrackRow, TrackChunkRow } from './track.repository.ts';

type ChunkRow = Pick<TrackChunkRow, 'id' | 'team_id' | 'device_id' | 't_from' | 't_to' | 'data'>;

/**
 * The reads of an event's teams and stored tracks that the track views and /listen history
 * make: the live rows (store.tracks), or an archived event's rows from its archive files.
 */
export interface TrackRows {
  teamsOf(eventId: string): Promise<TeamTrackRow[]>;
  findTeam(eventId: string, teamId: string): Promise<TeamTrackRow | undefined>;
  chunksOf(
    eventId: string,
    teamId: string,
    filter?: ChunkFilter,
  ): Promise<Pick<TrackChunkRow, 'id' | 'data' | 't_from' | 't_to' | 'device_id'>[]>;
  chunksOfEvent(
    eventId: string,
  ): Promise<Pick<TrackChunkRow, 'id' | 'team_id' | 'device_id' | 't_from' | 'data'>[]>;
}

/** Which rows hold an event's tracks. */
export type TrackRowsOf = (eventId: string) => Promise<TrackRows>;

const byNr = (a: TeamTrackRow, b: TeamTrackRow) =>
  (a.nr ?? '').localeCompare(b.nr ?? '') ||
  a.name.localeCompare(b.name) ||
  a.id.localeCompare(b.id);
const byTime = (a: ChunkRow, b: ChunkRow) => a.t_from - b.t_from || a.id.localeCompare(b.id);

/** Track rows held in memory (an archived event's, read from its tracks.dat and evdata.json). */
export function memoryTrackRows(teams: readonly TeamTrackRow[], chunks: readonly ChunkRow[]) {
  const sorted = [...teams].sort(byNr);
  const ofTeam = new Map<string, ChunkRow[]>();
  for (const c of [...chunks].sort(byTime)) {
    const list = ofTeam.get(c.team_id);
    if (list) list.push(c);
    else ofTeam.set(c.team_id, [c]);
  }
  const rows: TrackRows = {
    teamsOf: () => Promise.resolve(sorted),
    findTeam: (_eventId, teamId) => Promise.resolve(sorted.find((t) => t.id === teamId)),
    chunksOf: (_eventId, teamId, filter = {}) =>
      Promise.resolve(
        (ofTeam.get(teamId) ?? []).filter(
          (c) =>
            (filter.deviceId === undefined || c.device_id === filter.deviceId) &&
            (filter.from === undefined || c.t_to >= filter.from) &&
            (filter.to === undefined || c.t_from <= filter.to),
        ),
      ),
    chunksOfEvent: () => Promise.resolve(sorted.flatMap((t) => ofTeam.get(t.id) ?? [])),
  };
  return rows;
}
