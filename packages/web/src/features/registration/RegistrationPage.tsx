import { Suspense, lazy, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { Alert, Box, Button, Link, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import LoginIcon from '@mui/icons-material/Login';
import { useTranslation } from 'react-i18next';
import type { MyRegistration, RegFormView } from '@rada/core';
import { useEventRealtime } from '../../api/realtime.ts';
import { ErrorState, LoadingState } from '../../components/States.tsx';
import { useOpenSignIn } from '../auth/SignInProvider.tsx';
import { useMe } from '../auth/useMe.ts';
import { formatEventDates } from '../events/formatEventDates.ts';
import { PublicRegistrations } from './PublicRegistrations.tsx';
import { useRegFormView } from './useRegForm.ts';
import { RichText, useReaderText } from '../../components/RichText.tsx';

// The form and the caller's own teams load only for a signed-in user: a visitor who reads the
// registered teams downloads neither the form's fields nor its checks.
const NewRegistrationForm = lazy(() =>
  import('./NewRegistrationForm.tsx').then((m) => ({ default: m.NewRegistrationForm })),
);
const MyRegistrations = lazy(() =>
  import('./MyRegistrations.tsx').then((m) => ({ default: m.MyRegistrations })),
);

/**
 * `/{evid}/reg`: registration to an event (spec 01 §3, §5). Shows the event, the organiser's
 * message, the form built from the configured fields, the caller's own teams (editable) and the
 * registered teams with their public fields. Registering needs a signed-in user.
 */
export function RegistrationPage() {
  const { evid } = useParams();
  const { t } = useTranslation();
  useEventRealtime(evid);
  const view = useRegFormView(evid);
  const me = useMe();

  let content: React.ReactNode;
  if (view.isPending || me.isPending) content = <LoadingState />;
  else if (view.isError) {
    content = <ErrorState error={view.error} onRetry={() => void view.refetch()} />;
  } else {
    content = <RegistrationContent view={view.data} signedIn={!!me.data} />;
  }
  const dates = view.data ? formatEventDates(view.data.starttime, view.data.endtime) : null;

  return (
    <Box data-testid="reg-page" sx={{ maxWidth: 880, mx: 'auto', p: { xs: 1.5, sm: 3 } }}>
      <Typography variant="h5" component="h1" data-testid="reg-event-name">
        {view.data?.eventName ?? evid}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('reg.title')}
        {dates ? ` · ${dates}` : ''}
      </Typography>
      {content}
    </Box>
  );
}

function RegistrationContent({ view, signedIn }: { view: RegFormView; signedIn: boolean }) {
  const { t } = useTranslation();
  const readerText = useReaderText();
  const description = readerText(view, 'description');
  const prepagemessage = readerText(view, 'prepagemessage');
  const openSignIn = useOpenSignIn();
  const [done, setDone] = useState<MyRegistration | null>(null);
  const singleTaken = view.teamtype === 'single' && view.mine.length > 0;

  return (
    <Stack spacing={2}>
      {description && <RichText text={description} data-testid="reg-description" />}
      {prepagemessage && (
        <Alert severity="info" icon={false} data-testid="reg-prepage">
          <RichText text={prepagemessage} />
        </Alert>
      )}
      {done && (
        <Alert severity="success" data-testid="reg-success" onClose={() => setDone(null)}>
          {t('reg.success', { name: done.name })}
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            {t('reg.success.play')}{' '}
            <Link
              component={RouterLink}
              to={`/${view.eventId}/play?team=${encodeURIComponent(done.teamId)}`}
              data-testid="reg-success-play"
            >
              {t('reg.success.playlink')}
            </Link>
          </Typography>
          {!done.allowed && (
            <RichText
              text={readerText(view, 'notallowedmessage') || t('reg.notallowed.default')}
              sx={{ mt: 0.5, typography: 'body2' }}
              data-testid="reg-notallowed"
            />
          )}
        </Alert>
      )}
      {!view.open ? (
        <Alert severity="warning" data-testid="reg-closed">
          {t(view.closedReason === 'archived' ? 'reg.closed.archived' : 'reg.closed')}
        </Alert>
      ) : !signedIn ? (
        // The button sits under the text (not in the alert's action slot), so it never wraps
        // inside a phone-wide box.
        <Alert severity="info" data-testid="reg-signin">
          <Typography>{t('reg.signinneeded')}</Typography>
          <Button
            variant="contained"
            size="small"
            startIcon={<LoginIcon />}
            onClick={openSignIn}
            sx={{ mt: 1 }}
            data-testid="reg-signin-button"
          >
            {t('auth.signin')}
          </Button>
        </Alert>
      ) : singleTaken ? (
        <Alert severity="info" data-testid="reg-single">
          {t('reg.singletaken')}
        </Alert>
      ) : done ? (
        <Box>
          <Button
            variant="outlined"
            startIcon={<AddIcon />}
            onClick={() => setDone(null)}
            data-testid="reg-another"
          >
            {t('reg.another')}
          </Button>
        </Box>
      ) : (
        <Suspense fallback={<LoadingState />}>
          <NewRegistrationForm
            view={view}
            onDone={(mine) => {
              setDone(mine);
              window.scrollTo({ top: 0, behavior: 'smooth' });
            }}
          />
        </Suspense>
      )}
      {view.mine.length > 0 && (
        <Suspense fallback={null}>
          <MyRegistrations view={view} />
        </Suspense>
      )}
      <PublicRegistrations view={view} />
    </Stack>
  );
}
