import { Alert } from '@mui/material';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useEventRealtime } from '../../api/realtime.ts';
import { useMe } from '../auth/useMe.ts';
import { EventLoadState, useEventTitle } from '../eventPage/EventLoadState.tsx';
import { isEventAdmin } from '../eventPage/eventTabs.ts';
import { useEvent } from '../events/useEvent.ts';
import { WheelScreen } from './WheelScreen.tsx';

/** `/:evid/wheel`: the event's wheel of names, full screen, for its admins. */
export function WheelPage() {
  const { evid } = useParams();
  const { t } = useTranslation();
  const me = useMe();
  const event = useEvent(evid);
  useEventRealtime(evid);
  useEventTitle(event.data ? `${t('wheel.title')} · ${event.data.name}` : undefined);
  if (!evid) return null;
  if (!event.data) return <EventLoadState evid={evid} event={event} />;
  if (!isEventAdmin(event.data, me.data)) {
    return (
      <Alert severity="warning" data-testid="event-noaccess">
        {t('event.noaccess')}
      </Alert>
    );
  }
  return <WheelScreen event={event.data} />;
}
