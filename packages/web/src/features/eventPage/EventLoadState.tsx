import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseQueryResult } from '@tanstack/react-query';
import type { EventSummary } from '@rada/core';
import { ApiError } from '../../api/client.ts';
import { ErrorState, LoadingState } from '../../components/States.tsx';

/** The browser tab shows the event's name while its page is open. */
export function useEventTitle(name: string | undefined): void {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = name ? `${name} – ${t('app.name')}` : t('app.name');
    return () => {
      document.title = t('app.name');
    };
  }, [name, t]);
}

/** What an event's page shows until its event is there: a spinner, 'not found' or the error. */
export function EventLoadState({
  evid,
  event,
}: {
  evid: string;
  event: UseQueryResult<EventSummary>;
}) {
  const { t } = useTranslation();
  if (event.isPending) return <LoadingState />;
  return event.error instanceof ApiError && event.error.status === 404 ? (
    <ErrorState message={t('event.notfound', { id: evid })} />
  ) : (
    <ErrorState error={event.error} onRetry={() => void event.refetch()} />
  );
}
