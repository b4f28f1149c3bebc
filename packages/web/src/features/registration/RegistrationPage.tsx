import { useState } from 'react';
import { useParams } from 'react-router';
import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import LoginIcon from '@mui/icons-material/Login';
import { useTranslation } from 'react-i18next';
import type { MyRegistration, RegFormView } from '@rada/core';
import { api } from '../../api/client.ts';
import { useEventRealtime } from '../../api/realtime.ts';
import { useSubmitOnce } from '../../hooks/useSubmitOnce.ts';
import { ErrorState, LoadingState } from '../../components/States.tsx';
import { useOpenSignIn } from '../auth/SignInProvider.tsx';
import { useMe } from '../auth/useMe.ts';
import { formatEventDates } from '../events/formatEventDates.ts';
import { RegFormFields } from './RegFormFields.tsx';
import { MyRegistrations } from './MyRegistrations.tsx';
import { PublicRegistrations } from './PublicRegistrations.tsx';
import { missingRequired } from './regForm.ts';
import { useRefreshRegistrations, useRegFormState, useRegFormView } from './useRegForm.ts';

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
  const openSignIn = useOpenSignIn();
  const [done, setDone] = useState<MyRegistration | null>(null);
  const singleTaken = view.teamtype === 'single' && view.mine.length > 0;

  return (
    <Stack spacing={2}>
      {view.prepagemessage && (
        <Alert severity="info" icon={false} data-testid="reg-prepage">
          <Typography sx={{ whiteSpace: 'pre-wrap' }}>{view.prepagemessage}</Typography>
        </Alert>
      )}
      {done && (
        <Alert severity="success" data-testid="reg-success" onClose={() => setDone(null)}>
          {t('reg.success', { name: done.name })}
          {!done.allowed && (
            <Typography
              variant="body2"
              sx={{ mt: 0.5, whiteSpace: 'pre-wrap' }}
              data-testid="reg-notallowed"
            >
              {view.notallowedmessage || t('reg.notallowed.default')}
            </Typography>
          )}
        </Alert>
      )}
      {!view.open ? (
        <Alert severity="warning" data-testid="reg-closed">
          {t(view.closedReason === 'archived' ? 'reg.closed.archived' : 'reg.closed')}
        </Alert>
      ) : !signedIn ? (
        <Alert
          severity="info"
          data-testid="reg-signin"
          action={
            <Button
              color="inherit"
              size="small"
              startIcon={<LoginIcon />}
              onClick={openSignIn}
              data-testid="reg-signin-button"
            >
              {t('auth.signin')}
            </Button>
          }
        >
          {t('reg.signinneeded')}
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
        <NewRegistrationForm
          view={view}
          onDone={(mine) => {
            setDone(mine);
            window.scrollTo({ top: 0, behavior: 'smooth' });
          }}
        />
      )}
      {view.mine.length > 0 && <MyRegistrations view={view} />}
      <PublicRegistrations view={view} />
    </Stack>
  );
}

function NewRegistrationForm({
  view,
  onDone,
}: {
  view: RegFormView;
  onDone: (mine: MyRegistration) => void;
}) {
  const { t } = useTranslation();
  const form = useRegFormState(view.fields);
  const refresh = useRefreshRegistrations(view.eventId);
  const [tried, setTried] = useState(false);
  const missing = tried ? missingRequired(view.fields, form.draft) : [];
  const errors = {
    ...Object.fromEntries(missing.map((id) => [id, 'reg.error.required'])),
    ...form.errors,
  };

  // One registration per submit, however fast the button is pressed (a second would be a
  // second team), until the answer and the refreshed list are in.
  const once = useSubmitOnce();
  const handleSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (missingRequired(view.fields, form.draft).length > 0) return;
    void once.run(async () => {
      const sent = await form.submit((values) => api.register(view.eventId, { values }));
      if (sent) {
        await refresh();
        onDone(sent.answer);
      }
    });
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2.5 } }}>
      <Box component="form" noValidate onSubmit={handleSubmit} data-testid="reg-form">
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {t('reg.formtitle')}
        </Typography>
        <RegFormFields
          fields={view.fields}
          draft={form.draft}
          onChange={form.change}
          errors={errors}
          markRequired
          disabled={form.busy}
        />
        {form.error && (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="reg-error">
            {form.error}
          </Alert>
        )}
        <Button
          type="submit"
          variant="contained"
          sx={{ mt: 2 }}
          disabled={form.busy || once.pending}
          fullWidth
          data-testid="reg-submit"
        >
          {t('reg.submit')}
        </Button>
      </Box>
    </Paper>
  );
}
