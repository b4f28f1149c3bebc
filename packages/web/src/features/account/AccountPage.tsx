import { Alert, Button, Divider, Link, Paper, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { accountLabel, shownEmail } from '@rada/core';
import { ErrorState, LoadingState } from '../../components/States.tsx';
import { useConfig, useMe } from '../auth/useMe.ts';
import { useOpenSignIn } from '../auth/SignInProvider.tsx';
import { ApiTokens, BrowserSessions } from './SessionsSection.tsx';
import { PasswordForm } from './PasswordForm.tsx';
import { DisplayNameForm } from './DisplayNameForm.tsx';
import { GuestUpgradeForm } from './GuestUpgradeForm.tsx';
import { PasskeysSection } from './PasskeysSection.tsx';
import { IdentitiesSection } from './IdentitiesSection.tsx';
import { useSessions } from './useSessions.ts';
import { EmailSection, PhoneSection } from './ContactSections.tsx';

/**
 * `/account`: the signed-in user's name, email and phone, browsers and API tokens (revoke,
 * renew), sign-in providers, passkeys, password change, and the way to delete the account.
 */
export function AccountPage() {
  const { t } = useTranslation();
  const me = useMe();
  const openSignIn = useOpenSignIn();
  const sessions = useSessions(Boolean(me.data));
  const config = useConfig().data;
  const oidc = config?.oidc ?? [];

  let body: React.ReactNode;
  if (me.isPending) {
    body = <LoadingState />;
  } else if (!me.data) {
    body = (
      <Alert
        severity="info"
        data-testid="account-signedout"
        action={
          <Button color="inherit" onClick={openSignIn} sx={{ whiteSpace: 'nowrap' }}>
            {t('auth.signin')}
          </Button>
        }
      >
        {t('account.signedout')}
      </Alert>
    );
  } else if (sessions.isError) {
    body = <ErrorState error={sessions.error} onRetry={() => void sessions.refetch()} />;
  } else if (!sessions.data) {
    body = <LoadingState />;
  } else {
    const all = sessions.data.sessions;
    body = (
      <Stack sx={{ gap: 4 }} divider={<Divider flexItem />}>
        <Typography color="text.secondary" data-testid="account-who">
          {me.data.guest ? t('guest.name') : accountLabel(me.data)}
        </Typography>
        {me.data.guest && <GuestUpgradeForm me={me.data} />}
        <DisplayNameForm me={me.data} />
        {/* Until the server says whether it mails, the section would guess either way. */}
        {!me.data.guest && config && (
          <EmailSection me={me.data} emailLinks={config.emailLinks} providers={oidc.length > 0} />
        )}
        {!me.data.guest && config?.phone && <PhoneSection me={me.data} />}
        <BrowserSessions sessions={all.filter((s) => s.kind === 'browser')} />
        {/* A guest adds no tokens, providers or passkeys until the account is saved. */}
        {!me.data.guest && <ApiTokens tokens={all.filter((s) => s.kind === 'token')} />}
        {!me.data.guest && oidc.length > 0 && <IdentitiesSection />}
        {!me.data.guest && <PasskeysSection />}
        {!me.data.guest && (me.data.hasPassword || shownEmail(me.data.email)) && (
          <PasswordForm me={me.data} />
        )}
        <Link component={RouterLink} to="/accountdelete" color="error" data-testid="account-delete">
          {t('account.deletelink')}
        </Link>
      </Stack>
    );
  }

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 }, maxWidth: 960, mx: 'auto' }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('account.title')}
      </Typography>
      {body}
    </Paper>
  );
}
