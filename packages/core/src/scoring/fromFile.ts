import type { Kp, KpData } from '../checkpoints/types.ts';
import type { EventFile } from '../eventFile.ts';
import type { ScoringAnswer, ScoringEvent, ScoringTeam } from './types.ts';

/**
 * The scoring engine's input from an event file (spec 04). Settings are `eventsdata.data`; the
 * engine falls back to the event record's `rakoef`, `klassid`, `orderrules` and `data` (spec 03 §1).
 * Null correct answers are dropped. Nothing is copied: the result shares the file's objects.
 */
export function scoringEventFromFile(file: EventFile): ScoringEvent {
  const rec = file.events as Record<string, unknown>;
  const kpanswer: Record<string, string> = {};
  for (const [id, answer] of Object.entries(file.eventsdata.kpanswer ?? {})) {
    if (typeof answer === 'string') kpanswer[id] = answer;
  }
  const data = rec.data;
  return {
    event: {
      starttime: file.events.starttime ?? null,
      rakoef: rec.rakoef,
      klassid: rec.klassid,
      orderrules: rec.orderrules,
      data: typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {},
    },
    settings: file.eventsdata.data ?? {},
    kp: (file.eventsdata.kp ?? {}) as Record<string, Kp>,
    kpdata: (file.eventsdata.kpdata ?? {}) as Record<string, KpData>,
    kpanswer,
    teams: (file.teams.list ?? {}) as Record<string, ScoringTeam>,
    kpanswers: (file.teams.kpanswers ?? {}) as Record<string, Record<string, ScoringAnswer>>,
    spdtickets: file.teams.spdtickets ?? {},
    trackstat: (file.teams.trackstat ?? {}) as ScoringEvent['trackstat'],
  };
}
