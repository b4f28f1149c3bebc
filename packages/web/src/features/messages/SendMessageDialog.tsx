import type { EventSummary } from '@rada/core';

/** Send message dialog (spec 01 screen 5): placeholder. `teamId` preselects one team. */
export function SendMessageDialog(props: {
  event: EventSummary;
  open: boolean;
  onClose: () => void;
  teamId?: string | null;
}) {
  void props;
  return null;
}
