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
 * `event.changed` that can move results, asks for a recalculation of that event. Services keep
 * publishing what changed and need not know that results exist.
 */
export function recalcOnChange(bus: Bus, scheduleRecalc: (eventId: string) => void): Bus {
  return onPublish(bus, (_topic, message) => {
    if (message.type === 'event.changed' && message.what.some((w) => AFFECTS_RESULTS.has(w))) {
      scheduleRecalc(message.eventId);
    }
  });
}
