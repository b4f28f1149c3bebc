import { useContext, useEffect } from 'react';
import { Alert, Button, Paper, Stack, Typography } from '@mui/material';
import LoginIcon from '@mui/icons-material/Login';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { joinPath } from '@rada/core';
import type { EventSummary } from '@rada/core';
import { ApiError, api, queryKeys } from '../../api/client.ts';
import { RealtimeContext, useEventRealtime } from '../../api/realtime.ts';
import { ErrorState, LoadingState } from '../../components/States.tsx';
import { useOpenSignIn } from '../auth/SignInProvider.tsx';
import { useMe } from '../auth/useMe.ts';
import { CodeEntryForm } from '../joinCodes/CodeEntryForm.tsx';
import { rememberEvent } from './device.ts';
import { PlayScreen } from './PlayScreen.tsx';

/**
 * `/:evid/play`: the participant app for one event. Needs a signed-in member of a team; others
 * are asked to sign in or to join with a code.
 */
export function ParticipantApp({ event }: { event: EventSummary }) {
  const { t } = useTranslation();
  const me = useMe();
  const openSignIn = useOpenSignIn();
  const navigate = useNavigate();
  useEventRealtime(event.id);
  usePhonePing();
  const play = useQuery({
    queryKey: queryKeys.play(event.id),
    queryFn: () => api.play(event.id),
    enabled: !!me.data,
    // The app keeps showing what it knows while offline.
    staleTime: 10_000,
    networkMode: 'offlineFirst',
  });
  const view = play.data;
  useEffect(() => {
    if (view) rememberEvent({ id: view.eventId, name: view.name, team: view.team.name });
  }, [view]);

  if (me.isPending) return <LoadingState />;
  if (!me.data) {
    return (
      <Paper variant="outlined" sx={{ p: 2, maxWidth: 560, mx: 'auto' }} data-testid="play-signin">
        <Typography variant="h6" component="h1" sx={{ mb: 1 }}>
          {event.name}
        </Typography>
        <Alert
          severity="info"
          action={
            <Button color="inherit" startIcon={<LoginIcon />} onClick={openSignIn}>
              {t('auth.signin')}
            </Button>
          }
        >
          {t('play.signin')}
        </Alert>
      </Paper>
    );
  }
  if (view) return <PlayScreen event={event} view={view} />;
  if (play.isError) {
    const noTeam = play.error instanceof ApiError && [403, 404].includes(play.error.status);
    if (!noTeam) return <ErrorState error={play.error} onRetry={() => void play.refetch()} />;
    return (
      <Paper variant="outlined" sx={{ p: 2, maxWidth: 560, mx: 'auto' }} data-testid="play-noteam">
        <Stack sx={{ gap: 2 }}>
          <Typography variant="h6" component="h1">
            {event.name}
          </Typography>
          <Alert severity="info">{t('play.noteam')}</Alert>
          <CodeEntryForm
            testId="play-joincode"
            onSubmit={(code) => void navigate(joinPath(event.id, code))}
          />
        </Stack>
      </Paper>
    );
  }
  return <LoadingState />;
}

/**
 * A phone pings its live socket every 4 minutes instead of every 25 s: 15 small frames an hour
 * instead of 144, each with its TCP/IP and TLS framing and the phone's radio waking up. Proxies in
 * front of Rada must keep idle sockets longer than that (docs/deploy.md sets an hour).
 */
const PHONE_PING_MS = 4 * 60_000;

function usePhonePing(): void {
  const realtime = useContext(RealtimeContext);
  useEffect(() => realtime?.pingEvery(PHONE_PING_MS), [realtime]);
}
