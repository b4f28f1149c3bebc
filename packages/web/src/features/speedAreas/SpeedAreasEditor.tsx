import type { EventSummary } from '@rada/core';

/** Speed areas on a map and the event's speed tickets (placeholder). */
export function SpeedAreasEditor(props: { event: EventSummary }) {
  void props;
  return null;
}
