import { useContext, useEffect, useState } from 'react';
import {
  Alert,
  Divider,
  List,
  ListItemButton,
  ListItemText,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { joinPath } from '@rada/core';
import type { EventSummary, PlayView } from '@rada/core';
import { ApiError, api, queryKeys } from '../../api/client.ts';
import { RealtimeContext, useEventRealtime } from '../../api/realtime.ts';
import { ErrorState, LoadingState } from '../../components/States.tsx';
import { useMe } from '../auth/useMe.ts';
import { CodeEntryForm } from '../joinCodes/CodeEntryForm.tsx';
import { recentEvents, rememberEvent } from './device.ts';
import { PlayScreen } from './PlayScreen.tsx';
import { SignInChoices } from './SignInChoices.tsx';

/**
 * `/:evid/play`: the participant app for one event. Needs a signed-in member of a team; others
 * are offered the join code box (signed out too) and the ways in (an account or a guest). A member of several teams of the event chooses
 * which one this phone is for (`?team=` names it; the device remembers the last choice).
 */
export function ParticipantApp({ event }: { event: EventSummary }) {
  const { t } = useTranslation();
  const me = useMe();
  const navigate = useNavigate();
  useEventRealtime(event.id);
  usePhonePing();
  const [params, setParams] = useSearchParams();
  const asked = params.get('team');
  // The team this device was last used for, unless it is no longer the user's.
  const [remembered, setRemembered] = useState(
    () => recentEvents().find((e) => e.id === event.id)?.teamId ?? null,
  );
  const teamId = asked ?? remembered;
  const play = useQuery({
    queryKey: queryKeys.playTeam(event.id, teamId),
    queryFn: () => api.play(event.id, teamId ?? undefined),
    enabled: !!me.data,
    // The app keeps showing what it knows while offline.
    staleTime: 10_000,
    networkMode: 'offlineFirst',
  });
  const view = play.data;
  const choosing =
    view !== undefined && view.myTeams.length > 1 && (teamId === null || params.has('chooseteam'));
  useEffect(() => {
    if (view && !choosing) {
      rememberEvent({
        id: view.eventId,
        name: view.name,
        team: view.team.name,
        teamId: view.team.id,
      });
    }
  }, [view, choosing]);
  const noTeam = play.error instanceof ApiError && [403, 404].includes(play.error.status);
  useEffect(() => {
    // A remembered team the user has left: ask the server for their team instead.
    if (noTeam && !asked && remembered !== null) setRemembered(null);
  }, [noTeam, asked, remembered]);
  const choose = (id: string) => setParams({ team: id }, { replace: true });

  if (me.isPending) return <LoadingState />;
  if (!me.data) {
    // Signed out: the join code first (the join page then offers an account or this phone's
    // guest), and the way back in for a team member.
    return (
      <Paper variant="outlined" sx={{ p: 2, maxWidth: 560, mx: 'auto' }} data-testid="play-signin">
        <Stack sx={{ gap: 2 }}>
          <Typography variant="h6" component="h1">
            {event.name}
          </Typography>
          <Stack sx={{ gap: 1 }}>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
              {t('play.home.join')}
            </Typography>
            <Typography color="text.secondary">{t('joinc.page.typecode')}</Typography>
            <CodeEntryForm
              testId="play-signin-code"
              onSubmit={(code) => void navigate(joinPath(event.id, code))}
            />
          </Stack>
          <Divider />
          <SignInChoices text={t('play.signin')} testId="play-signin" />
        </Stack>
      </Paper>
    );
  }
  if (view && choosing) return <TeamChooser event={event} view={view} onChoose={choose} />;
  if (view) {
    return (
      <PlayScreen
        event={event}
        view={view}
        onChangeTeam={
          view.myTeams.length > 1
            ? () => setParams({ chooseteam: '1' }, { replace: true })
            : undefined
        }
      />
    );
  }
  if (play.isError) {
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

/** Which of the user's teams in this event this phone is for. */
function TeamChooser({
  event,
  view,
  onChoose,
}: {
  event: EventSummary;
  view: PlayView;
  onChoose: (teamId: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, maxWidth: 560, mx: 'auto' }}
      data-testid="play-chooseteam"
    >
      <Typography variant="h6" component="h1">
        {event.name}
      </Typography>
      <Typography sx={{ mt: 1 }}>{t('play.chooseteam')}</Typography>
      <List>
        {view.myTeams.map((team) => (
          <ListItemButton
            key={team.id}
            selected={team.id === view.team.id}
            onClick={() => onChoose(team.id)}
            data-testid={`play-chooseteam-${team.id}`}
          >
            <ListItemText
              primary={team.name}
              secondary={team.nr ? t('play.teamnr', { nr: team.nr }) : null}
            />
          </ListItemButton>
        ))}
      </List>
    </Paper>
  );
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
