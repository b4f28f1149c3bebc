import { useEffect, useRef, useState } from 'react';
import { List, ListItemButton, ListItemText, Paper, Stack, Typography } from '@mui/material';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { joinPath } from '@rada/core';
import { api, queryKeys } from '../../api/client.ts';
import { errorText } from '../../i18n/errorText.ts';
import { LoadingState } from '../../components/States.tsx';
import { useMe } from '../auth/useMe.ts';
import { CodeEntryForm } from '../joinCodes/CodeEntryForm.tsx';
import { formatEventDates } from '../events/formatEventDates.ts';
import { recentEvents } from './device.ts';
import { SignInChoices } from './SignInChoices.tsx';
import { GuestBanner } from './GuestBanner.tsx';
import { QrScanButton } from './QrScanButton.tsx';

/**
 * `/play`: the participant app's start. Sign in, sign up or continue as a guest (POST
 * /api/auth/guest; the credentials are kept on this device, and "Save your account" makes the
 * guest a full account); then the
 * events opened here, the public upcoming ones, and a join code typed or scanned from a QR code.
 */
export function PlayHome() {
  const { t, i18n } = useTranslation();
  const me = useMe();
  const navigate = useNavigate();
  const lookup = useMutation({
    mutationFn: (code: string) => api.joinCodeInfo(code),
    onSuccess: (info) => void navigate(joinPath(info.eventId, info.code)),
  });
  const events = useQuery({ queryKey: queryKeys.events, queryFn: api.events, enabled: !!me.data });
  const myTeams = useQuery({
    queryKey: queryKeys.myTeams,
    queryFn: api.myTeams,
    enabled: !!me.data,
  });
  const [remembered] = useState(recentEvents);
  // Events opened on this phone that the server does not list as the user's own.
  const recent = remembered.filter((e) => !myTeams.data?.some((m) => m.eventId === e.id));
  // A scanned QR code holding only a code comes here as ?code=.
  const [params] = useSearchParams();
  const scanned = params.get('code');
  const looked = useRef(false);
  const { mutate: lookUp } = lookup;
  useEffect(() => {
    if (scanned && !looked.current) {
      looked.current = true;
      lookUp(scanned);
    }
  }, [scanned, lookUp]);

  if (me.isPending) return <LoadingState />;
  return (
    <Stack sx={{ gap: 2, maxWidth: 560, mx: 'auto' }} data-testid="play-home">
      <Typography variant="h5" component="h1">
        {t('play.home.title')}
      </Typography>
      {!me.data ? (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <SignInChoices text={t('play.home.signintext')} testId="play-home" />
        </Paper>
      ) : (
        <Typography color="text.secondary" data-testid="play-home-user">
          {t('play.home.signedin', { name: me.data.displayName })}
        </Typography>
      )}
      {me.data && <GuestBanner me={me.data} />}
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('play.home.join')}
        </Typography>
        <CodeEntryForm
          testId="play-home-code"
          busy={lookup.isPending}
          error={lookup.isError ? errorText(t, lookup.error) : undefined}
          onSubmit={(code) => lookup.mutate(code)}
          onEdit={() => {
            if (lookup.isError) lookup.reset();
          }}
        />
        <QrScanButton onUrl={(path) => void navigate(path)} />
      </Paper>
      {myTeams.data && myTeams.data.length > 0 && (
        <Paper variant="outlined">
          <Typography variant="h6" component="h2" sx={{ px: 2, pt: 1.5 }}>
            {t('play.home.myteams')}
          </Typography>
          <List data-testid="play-home-myteams">
            {myTeams.data.map((m) => (
              <ListItemButton
                key={`${m.eventId}/${m.teamId}`}
                component={RouterLink}
                to={`/${encodeURIComponent(m.eventId)}/play?team=${encodeURIComponent(m.teamId)}`}
              >
                <ListItemText
                  primary={m.eventName}
                  secondary={[
                    formatEventDates(m.starttime, m.endtime, i18n.language),
                    m.teamName,
                    m.allowed ? null : t('play.home.notconfirmed'),
                  ]
                    .filter((x) => x !== null)
                    .join(' · ')}
                />
              </ListItemButton>
            ))}
          </List>
        </Paper>
      )}
      {recent.length > 0 && (
        <Paper variant="outlined">
          <Typography variant="h6" component="h2" sx={{ px: 2, pt: 1.5 }}>
            {t('play.home.recent')}
          </Typography>
          <List data-testid="play-home-recent">
            {recent.map((e) => (
              <ListItemButton
                key={e.id}
                component={RouterLink}
                to={`/${encodeURIComponent(e.id)}/play`}
              >
                <ListItemText primary={e.name} secondary={e.team} />
              </ListItemButton>
            ))}
          </List>
        </Paper>
      )}
      {events.data && events.data.upcoming.length > 0 && (
        <Paper variant="outlined">
          <Typography variant="h6" component="h2" sx={{ px: 2, pt: 1.5 }}>
            {t('play.home.upcoming')}
          </Typography>
          <List>
            {events.data.upcoming.map((e) => (
              <ListItemButton
                key={e.id}
                component={RouterLink}
                to={`/${encodeURIComponent(e.id)}/play`}
              >
                <ListItemText
                  primary={e.name}
                  secondary={formatEventDates(e.starttime, e.endtime, i18n.language)}
                />
              </ListItemButton>
            ))}
          </List>
        </Paper>
      )}
    </Stack>
  );
}
