import type { EventChange } from '@rada/core';
import { onPublish } from '../realtime/bus.ts';
import type { Bus } from '../realtime/bus.ts';

/** The changes that can move results; `admins` cannot, and `results` is the recalculation's own. */
const AFFECTS_RESULTS: ReadonlySet<EventChange> = new Set<EventChange>([
  'event',
  'settings',
  'checkpoints',
  'teams',
]);

/**
 * The bus the other services publish on: it passes every message through and, for an
 * `event.changed` that can move results, asks for a recalculation of that event: of the named
 * teams only when `teams` is the only such change and the message names them, else of
 * everything. Services keep publishing what changed and need not know that results exist.
 */
export function recalcOnChange(
  bus: Bus,
  scheduleRecalc: (eventId: string, teamIds?: readonly string[]) => void,
): Bus {
  return onPublish(bus, (_topic, message) => {
    if (message.type !== 'event.changed') return;
    const affecting = message.what.filter((w) => AFFECTS_RESULTS.has(w));
    if (affecting.length === 0) return;
    const onlyTeams = affecting.every((w) => w === 'teams') && message.teams !== undefined;
    scheduleRecalc(message.eventId, onlyTeams ? message.teams : undefined);
  });
}
