import { nextClockObservation } from '@rada/core';
import type { ClockObservation } from '@rada/core';
import type { Repos, Store } from '../db/store.ts';

/**
 * Records that a device of the team sent `deviceTime` when the server's clock read `now`, keeping
 * the team's clock estimate (core nextClockObservation: the latest offset of the window, since
 * queued data only ever looks late). Runs in the caller's transaction.
 */
export async function observeClock(
  repos: Repos,
  eventId: string,
  teamId: string,
  deviceTime: number,
  now: number,
): Promise<void> {
  const row = await repos.participant.clockOf(eventId, teamId);
  const stored = row ? { offset: row.offset_ms, at: row.observed_at } : null;
  const next = nextClockObservation(stored, deviceTime - now, now);
  if (next) {
    await repos.participant.setClock({
      event_id: eventId,
      team_id: teamId,
      offset_ms: next.offset,
      observed_at: next.at,
    });
  }
}

/** The event's team clock estimates by team id (for the organiser's team list). */
export async function clocksOf(
  store: Store,
  eventId: string,
): Promise<Map<string, ClockObservation>> {
  const rows = await store.participant.clocksOf(eventId);
  return new Map(rows.map((r) => [r.team_id, { offset: r.offset_ms, at: r.observed_at }]));
}
