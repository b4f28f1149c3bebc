import type { EventSummary } from '@rada/core';
import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/ComingSoon.tsx';

/** The event's checkpoints: grid, map and their dialogs. (Being built: issue 3.) */
export function CheckpointsTab({ event }: { event: EventSummary }) {
  const { t } = useTranslation();
  return <ComingSoon text={t('event.tab.coming')} backTo={`/${event.id}`} />;
}
