import type { EventSummary } from '@rada/core';

/** `/:evid/start`: the full-screen start order (spec 01 screen 1): placeholder. */
export function StartScreen(props: { event: EventSummary }) {
  void props;
  return null;
}
