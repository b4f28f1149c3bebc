import { Suspense, lazy, useEffect } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { useEventRealtime } from '../../api/realtime.ts';
import { ErrorState, LoadingState } from '../../components/States.tsx';
import { useEvent } from '../events/useEvent.ts';

const ParticipantApp = lazy(() =>
  import('../participant/ParticipantApp.tsx').then((m) => ({ default: m.ParticipantApp })),
);
const StartScreen = lazy(() =>
  import('../startOrder/StartScreen.tsx').then((m) => ({ default: m.StartScreen })),
);

/**
 * `/:evid/start` and `/:evid/play`: the start-order screen and the participant app stand alone,
 * without the event page's header and tabs (and without loading them), live while open. The start
 * list is public; the participant app checks team membership itself.
 */
function EventStandalonePage({ screen }: { screen: 'start' | 'play' }) {
  const { evid } = useParams();
  const { t } = useTranslation();
  const event = useEvent(evid);
  useEventRealtime(evid);

  const name = event.data?.name;
  useEffect(() => {
    document.title = name ? `${name} – ${t('app.name')}` : t('app.name');
    return () => {
      document.title = t('app.name');
    };
  }, [name, t]);

  if (!evid) return null;
  if (event.isPending) return <LoadingState />;
  if (event.isError) {
    return event.error instanceof ApiError && event.error.status === 404 ? (
      <ErrorState message={t('event.notfound', { id: evid })} />
    ) : (
      <ErrorState error={event.error} onRetry={() => void event.refetch()} />
    );
  }
  return (
    <Suspense fallback={<LoadingState />}>
      {screen === 'start' ? (
        <StartScreen event={event.data} />
      ) : (
        <ParticipantApp event={event.data} />
      )}
    </Suspense>
  );
}

export const StartPage = () => <EventStandalonePage screen="start" />;
export const PlayPage = () => <EventStandalonePage screen="play" />;
