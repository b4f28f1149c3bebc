import type { EventSummary } from '@rada/core';

/** The live map and replay tab (placeholder). */
export function LiveMapTab(props: { event: EventSummary }) {
  void props;
  return null;
}
