import { DEVICE_CLOCK_WINDOW_MS } from '@rada/core';
import type { ClockObservation } from '@rada/core';
import type { Repos, Store } from '../db/store.ts';

/** A batch's clock observation as the upsert takes it (see observeClock). */
export interface ClockSample {
  offset: number;
  observedAt: number;
  /** Observations older than this are out of the window. */
  staleBefore: number;
}

export const clockSample = (deviceTime: number, now: number): ClockSample => ({
  offset: deviceTime - now,
  observedAt: now,
  staleBefore: now - DEVICE_CLOCK_WINDOW_MS,
});

/**
 * Records that a device of the team sent `deviceTime` when the server's clock read `now`, keeping
 * the team's clock estimate by core nextClockObservation's rule (the latest offset of the window,
 * since queued data only ever looks late) in one upsert. Runs in the caller's transaction.
 */
export async function observeClock(
  repos: Repos,
  eventId: string,
  teamId: string,
  deviceTime: number,
  now: number,
): Promise<void> {
  await repos.participant.observeClock(
    { event_id: eventId, team_id: teamId, offset_ms: deviceTime - now, observed_at: now },
    DEVICE_CLOCK_WINDOW_MS,
  );
}

/** The event's team clock estimates by team id (for the organiser's team list). */
export async function clocksOf(
  store: Store,
  eventId: string,
): Promise<Map<string, ClockObservation>> {
  const rows = await store.participant.clocksOf(eventId);
  return new Map(rows.map((r) => [r.team_id, { offset: r.offset_ms, at: r.observed_at }]));
}
