import { onPublish } from '../realtime/bus.ts';
import type { Bus } from '../realtime/bus.ts';

/**
 * The bus the location ingest publishes on: it passes every message through and, for stored
 * points ('live.locations'), asks for the speed tickets of each team in the batch to be
 * recomputed (coalesced by the speed service). Ingest stays unaware of speed tickets.
 */
export function ticketsOnLocations(
  bus: Bus,
  scheduleTeam: (eventId: string, teamId: string) => void,
): Bus {
  return onPublish(bus, (_topic, message) => {
    if (message.type !== 'live.locations') return;
    for (const tid of new Set(message.batches.map((b) => b.tid))) {
      if (tid !== null) scheduleTeam(message.eventId, tid);
    }
  });
}
