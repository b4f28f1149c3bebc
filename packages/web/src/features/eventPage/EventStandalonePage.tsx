import { Suspense } from 'react';
import { useParams } from 'react-router';
import { EventLoadState, useEventTitle } from './EventLoadState.tsx';
import { useEventRealtime } from '../../api/realtime.ts';
import { preloadable } from '../../components/preloadable.tsx';
import { LoadingState } from '../../components/States.tsx';
import { useEvent } from '../events/useEvent.ts';

const ParticipantApp = preloadable(() =>
  import('../participant/ParticipantApp.tsx').then((m) => m.ParticipantApp),
);
const StartScreen = preloadable(() =>
  import('../startOrder/StartScreen.tsx').then((m) => m.StartScreen),
);

/**
 * Loads a screen's code; the routes' loaders (App.tsx) wait for it, so the screen renders at
 * once with its event instead of suspending (and React holding it back 300 ms after the fallback).
 */
export const preloadScreen = (screen: 'start' | 'play') =>
  (screen === 'start' ? StartScreen : ParticipantApp).preload();

/**
 * `/:evid/start` and `/:evid/play`: the start-order screen and the participant app stand alone,
 * without the event page's header and tabs (and without loading them), live while open. The start
 * list is public; the participant app checks team membership itself.
 */
function EventStandalonePage({ screen }: { screen: 'start' | 'play' }) {
  const { evid } = useParams();
  const event = useEvent(evid);
  useEventRealtime(evid);

  useEventTitle(event.data?.name);
  // The screen's code loads while the event does, so it shows with the event, not after it.
  void preloadScreen(screen);

  if (!evid) return null;
  if (!event.data) return <EventLoadState evid={evid} event={event} />;
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
