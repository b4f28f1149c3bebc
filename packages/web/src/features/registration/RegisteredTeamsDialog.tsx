import type { EventSummary } from '@rada/core';

/** The registered teams dialog (spec 01 screen 7): placeholder. */
export function RegisteredTeamsDialog(props: {
  event: EventSummary;
  open: boolean;
  onClose: () => void;
}) {
  void props;
  return null;
}

/** 'Edit team registration' for one team: placeholder. */
export function EditRegistrationDialog(props: {
  event: EventSummary;
  teamId: string | null;
  onClose: () => void;
}) {
  void props;
  return null;
}
