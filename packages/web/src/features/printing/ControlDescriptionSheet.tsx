import type { EventSummary } from '@rada/core';
import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/ComingSoon.tsx';

/** The printable control-description sheet (A4, one line per KP). (Being built: issue 3.) */
export function ControlDescriptionSheet({ event }: { event: EventSummary }) {
  const { t } = useTranslation();
  return <ComingSoon text={t('event.tab.coming')} backTo={`/${event.id}`} />;
}
