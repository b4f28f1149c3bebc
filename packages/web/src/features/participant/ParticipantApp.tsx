import type { EventSummary } from '@rada/core';

/** `/:evid/play`: the participant app for one event (placeholder). */
export function ParticipantApp(props: { event: EventSummary }) {
  void props;
  return null;
}
