import { useEffect, useRef, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { Alert, Box, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { EMAIL_LINK_STORAGE_KEY, EmailLinkBody, linkToken } from '@rada/core';
import type { Me } from '@rada/core';
import { api, queryKeys } from '../../api/client.ts';
import { errorKey, errorText } from '../../i18n/errorText.ts';
import { passwordMin } from './authForm.ts';
import { useOpenSignIn } from './SignInProvider.tsx';

/** The address this browser asked a sign-in link for, if it did. */
function rememberedEmail(): string | null {
  try {
    return localStorage.getItem(EMAIL_LINK_STORAGE_KEY);
  } catch {
    return null;
  }
}

function forgetEmail() {
  try {
    localStorage.removeItem(EMAIL_LINK_STORAGE_KEY);
  } catch {
    // Nothing was kept.
  }
}

/** The signed-in account replaces whatever the app knew (lists and roles follow who asks). */
function useSignedIn() {
  const queryClient = useQueryClient();
  return (me: Me) => {
    queryClient.setQueryData(queryKeys.me, me);
    void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'me' });
  };
}

/**
 * Opening the link proved the address of an account someone else had made with it: the owner
 * learns that its maker's ways in were removed, and where to set up their own.
 */
function ClearedNotice() {
  const { t } = useTranslation();
  return (
    <Alert
      severity="warning"
      data-testid="link-cleared"
      action={
        <Button component={RouterLink} to="/account" color="inherit" size="small">
          {t('auth.linkpage.account')}
        </Button>
      }
    >
      {t('auth.linkpage.cleared')}
    </Alert>
  );
}

/**
 * A link's page: its title, then a note when the address holds no token, the result once done
 * (with `notice` above it), else the form (`fields`, the server's refusal, `afterError`, the
 * submit button).
 */
function LinkForm({
  title,
  token,
  done,
  notice,
  fields,
  error,
  afterError,
  busy,
  submitLabel,
  submitTestId,
  onSubmit,
}: {
  title: string;
  token: string | null;
  /** The text of the finished state, or null while not done. */
  done: string | null;
  notice?: ReactNode;
  fields: ReactNode;
  afterError?: ReactNode;
  error: unknown;
  busy: boolean;
  submitLabel: string;
  submitTestId: string;
  onSubmit: () => void;
}) {
  const { t } = useTranslation();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  let body: ReactNode;
  if (!token) {
    body = (
      <Alert severity="warning" data-testid="link-missing">
        {t('auth.linkpage.nolink')}
      </Alert>
    );
  } else if (done !== null) {
    body = (
      <Stack sx={{ alignItems: 'center', gap: 1.5 }} role="status" data-testid="link-done">
        {notice}
        <CheckCircleIcon color="success" sx={{ fontSize: 56 }} />
        <Typography sx={{ textAlign: 'center' }}>{done}</Typography>
        <Button component={RouterLink} to="/" variant="contained">
          {t('auth.gohome')}
        </Button>
      </Stack>
    );
  } else {
    body = (
      <form onSubmit={submit} noValidate>
        <Stack sx={{ gap: 2 }}>
          {fields}
          {error !== null && (
            <Alert severity="error" data-testid="link-error">
              {errorText(t, error)}
            </Alert>
          )}
          {afterError}
          <Button type="submit" variant="contained" disabled={busy} data-testid={submitTestId}>
            {submitLabel}
          </Button>
        </Stack>
      </form>
    );
  }
  return (
    <Box sx={{ maxWidth: 460, mx: 'auto', p: { xs: 2, sm: 4 } }}>
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
          {title}
        </Typography>
        {body}
      </Paper>
    </Box>
  );
}

/** The token leaves the address bar (and the history) once read. */
function useDropTokenFromAddress() {
  useEffect(() => {
    if (window.location.hash) history.replaceState(null, '', window.location.pathname);
  }, []);
}

/**
 * `/auth/link#token=…`: the page a sign-in link opens. In the browser that asked for it, it signs
 * in at once; elsewhere it asks for the address first (the link alone is not enough there).
 */
export function EmailLinkPage() {
  const { t } = useTranslation();
  const signedIn = useSignedIn();
  const [token] = useState(() => linkToken(window.location.hash));
  const [email, setEmail] = useState(() => rememberedEmail() ?? '');
  const [asked, setAsked] = useState(false);
  const mutation = useMutation({
    mutationFn: (address: string) => api.signInWithLink({ token: token ?? '', email: address }),
    onSuccess: (me) => {
      forgetEmail();
      signedIn(me);
    },
  });
  useDropTokenFromAddress();
  const started = useRef(false);
  useEffect(() => {
    const known = rememberedEmail();
    if (token && known && !started.current) {
      started.current = true;
      mutation.mutate(known);
    }
  }, [token, mutation]);

  const valid = EmailLinkBody.safeParse({ email }).success;
  return (
    <LinkForm
      title={t('auth.linkpage.title')}
      token={token}
      done={mutation.data ? t('auth.linkpage.done', { name: mutation.data.displayName }) : null}
      notice={mutation.data?.cleared ? <ClearedNotice /> : null}
      error={mutation.error}
      busy={mutation.isPending}
      submitLabel={t('auth.signin')}
      submitTestId="link-submit"
      onSubmit={() => {
        setAsked(true);
        if (valid) mutation.mutate(email);
      }}
      fields={
        <>
          <Typography>{t('auth.linkpage.askemail')}</Typography>
          <TextField
            label={t('auth.email')}
            type="email"
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              mutation.reset();
            }}
            error={asked && !valid}
            helperText={asked && !valid ? t('auth.error.bademail') : undefined}
            autoComplete="email"
            slotProps={{ htmlInput: { 'data-testid': 'link-email' } }}
          />
        </>
      }
    />
  );
}

/** `/auth/reset#token=…`: the page a password-reset link opens: a new password, then signed in. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const signedIn = useSignedIn();
  const [token] = useState(() => linkToken(window.location.hash));
  const [password, setPassword] = useState('');
  const [asked, setAsked] = useState(false);
  const mutation = useMutation({
    mutationFn: () => api.resetPassword({ token: token ?? '', password }),
    onSuccess: signedIn,
  });
  useDropTokenFromAddress();
  const short = password.length < passwordMin;
  return (
    <LinkForm
      title={t('auth.resetpage.title')}
      token={token}
      done={mutation.data ? t('auth.resetpage.done', { name: mutation.data.displayName }) : null}
      notice={mutation.data?.cleared ? <ClearedNotice /> : null}
      error={mutation.error}
      busy={mutation.isPending}
      submitLabel={t('auth.resetpage.save')}
      submitTestId="reset-submit"
      onSubmit={() => {
        setAsked(true);
        if (!short) mutation.mutate();
      }}
      fields={
        <TextField
          label={t('auth.resetpage.password')}
          type="password"
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            mutation.reset();
          }}
          error={asked && short}
          helperText={
            asked && short
              ? t('auth.error.shortpassword', { min: passwordMin })
              : t('auth.passwordhint', { min: passwordMin })
          }
          autoComplete="new-password"
          autoFocus
          slotProps={{ htmlInput: { 'data-testid': 'reset-password' } }}
        />
      }
    />
  );
}

/**
 * `/auth/email#token=…`: the page a link to a new address opens. One click (not the page load,
 * which mail scanners may do) makes it the account's, in a browser signed in to the account that
 * asked; signed out or in another account the server refuses, and the page offers to sign in
 * (the token stays in the page, so the click can follow).
 */
export function EmailChangePage() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const openSignIn = useOpenSignIn();
  const [token] = useState(() => linkToken(window.location.hash));
  const mutation = useMutation({
    mutationFn: () =>
      api.confirmEmailChange({
        token: token ?? '',
        lang: i18n.resolvedLanguage === 'et' ? 'et' : 'en',
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.me }),
  });
  useDropTokenFromAddress();
  return (
    <LinkForm
      title={t('emailchange.title')}
      token={token}
      done={mutation.data ? t('emailchange.done', { email: mutation.data.email }) : null}
      error={mutation.error}
      busy={mutation.isPending}
      submitLabel={t('emailchange.confirm')}
      submitTestId="emailchange-submit"
      onSubmit={() => mutation.mutate()}
      afterError={
        errorKey(mutation.error) === 'auth.error.emailchangesignin' && (
          <Button variant="outlined" onClick={openSignIn} data-testid="emailchange-signin">
            {t('auth.signin')}
          </Button>
        )
      }
      fields={<Typography>{t('emailchange.text')}</Typography>}
    />
  );
}
