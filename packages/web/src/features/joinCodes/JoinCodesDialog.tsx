import type { EventSummary } from '@rada/core';

/**
 * The join-code list (spec 01 screen 3): placeholder. `teamId` presets a single-team code for
 * that team in the create dialog.
 */
export function JoinCodesDialog(props: {
  event: EventSummary;
  open: boolean;
  onClose: () => void;
  teamId?: string | null;
}) {
  void props;
  return null;
}
