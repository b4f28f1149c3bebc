import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Tab,
  Tabs,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import MailIcon from '@mui/icons-material/MarkEmailRead';
import KeyIcon from '@mui/icons-material/Key';
import PhoneIcon from '@mui/icons-material/PhoneIphone';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EMAIL_LINK_STORAGE_KEY, SUCCESS_DIALOG_CLOSE_MS } from '@rada/core';
import type { Me } from '@rada/core';
import { ApiError, api, queryKeys } from '../../api/client.ts';
import { errorText } from '../../i18n/errorText.ts';
import { LoadingState } from '../../components/States.tsx';
import { useConfig } from './useMe.ts';
import { useFocusBack } from '../../hooks/useFocusBack.ts';
import { passkeyErrorText, passkeysSupported, signInWithPasskey } from './passkey.ts';
import { OidcButtons } from './OidcButtons.tsx';
import { PhoneSignIn } from './PhoneSignIn.tsx';
import { emailOnly, fieldErrorsFromDetails, passwordMin, validateAuthForm } from './authForm.ts';
import type { AuthFieldErrors, AuthFields, AuthMode } from './authForm.ts';

const SUBMIT_LABEL: Record<AuthMode, string> = {
  signin: 'auth.signin',
  signup: 'auth.signup',
  link: 'auth.link.send',
  reset: 'auth.reset.send',
};

/** The address a sign-in link was asked for, so the link's page need not ask (same browser). */
function rememberLinkEmail(email: string) {
  try {
    localStorage.setItem(EMAIL_LINK_STORAGE_KEY, email.trim().toLowerCase());
  } catch {
    // Private browsing: the link's page asks for the address.
  }
}

/**
 * The sign-in dialog (spec 02 §2): providers from /api/config, email and password sign-in or
 * sign-up, a sign-in link or a password reset by email (when the server sends email), translated
 * errors, and a success state that closes itself after one second.
 */
export function SignInDialog({
  open,
  onClose,
  initialError = null,
}: {
  open: boolean;
  onClose: () => void;
  /** An error key to show first: a provider's sign-in that came back refused (`?signin_error=`). */
  initialError?: string | null;
}) {
  const { t } = useTranslation();
  const config = useConfig();
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<AuthMode>('signin');
  /** The phone mode: sign in with a code by SMS (PhoneSignIn). */
  const [phoneMode, setPhoneMode] = useState(false);
  const [fields, setFields] = useState<AuthFields>({ email: '', password: '', displayName: '' });
  const [submitted, setSubmitted] = useState(false);
  const [serverFieldErrors, setServerFieldErrors] = useState<AuthFieldErrors>({});
  const [success, setSuccess] = useState<Me | null>(null);
  /** The address a link by email was sent to (the dialog then says to look for it). */
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { i18n } = useTranslation();

  const signedIn = (me: Me) => {
    queryClient.setQueryData(queryKeys.me, me);
    // Lists and roles depend on who is asking.
    void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'me' });
    setSuccess(me);
  };
  const passkey = useMutation({ mutationFn: signInWithPasskey, onSuccess: signedIn });
  // The button is disabled while the browser asks for a passkey, which drops the focus; a
  // refused attempt gives it back, so the keyboard stays in the dialog (Escape still closes it).
  const passkeyButton = useRef<HTMLButtonElement>(null);
  const passkeyFailed = passkey.isError;
  useLayoutEffect(() => {
    if (passkeyFailed) passkeyButton.current?.focus();
  }, [passkeyFailed]);

  const mutation = useMutation({
    mutationFn: async (vars: { mode: AuthMode; fields: AuthFields }): Promise<Me | null> => {
      const lang = i18n.resolvedLanguage === 'et' ? 'et' : 'en';
      const email = vars.fields.email;
      switch (vars.mode) {
        case 'signup':
          return api.signUp(vars.fields);
        case 'signin':
          return api.signIn({ email, password: vars.fields.password });
        case 'link':
          await api.requestEmailLink({ email, lang });
          rememberLinkEmail(email);
          return null;
        case 'reset':
          await api.requestPasswordReset({ email, lang });
          return null;
      }
    },
    onSuccess: (me, vars) => {
      if (me) signedIn(me);
      else setSentTo(vars.fields.email.trim());
    },
    onError: (error, vars) => {
      if (error instanceof ApiError && error.details.length > 0) {
        setServerFieldErrors(fieldErrorsFromDetails(vars.mode, vars.fields, error.details));
      }
    },
  });

  useEffect(() => {
    if (!success) return;
    const timer = setTimeout(onClose, SUCCESS_DIALOG_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [success, onClose]);

  const localErrors = submitted ? validateAuthForm(mode, fields) : {};
  const fieldError = (name: keyof AuthFields): string | undefined => {
    const key = localErrors[name] ?? serverFieldErrors[name];
    return key ? t(key, { min: passwordMin }) : undefined;
  };

  const handleChange = (name: keyof AuthFields) => (value: string) => {
    setFields((f) => ({ ...f, [name]: value }));
    setServerFieldErrors((e) => ({ ...e, [name]: undefined }));
    mutation.reset();
  };

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (Object.keys(validateAuthForm(mode, fields)).length > 0) return;
    mutation.mutate({ mode, fields });
  };

  const handleMode = (next: AuthMode) => {
    setMode(next);
    setSentTo(null);
    setSubmitted(false);
    setServerFieldErrors({});
    mutation.reset();
  };

  const providers = config.data?.providers ?? [];
  const hasPassword = providers.includes('password');
  const emailLinks = hasPassword && config.data?.emailLinks === true;
  const linkMode = emailOnly(mode);
  const others = providers.filter((p) => p !== 'password');
  const busy = mutation.isPending || passkey.isPending;
  useFocusBack(busy);
  const offerPasskey = hasPassword && passkeysSupported() && !emailOnly(mode);

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} fullWidth maxWidth="xs">
      <Box data-testid="signin-dialog">
        <DialogTitle>{t('auth.dialogtitle')}</DialogTitle>
        {success ? (
          <DialogContent>
            <Stack
              data-testid="signin-success"
              sx={{ alignItems: 'center', gap: 1, py: 3 }}
              role="status"
            >
              <CheckCircleIcon color="success" sx={{ fontSize: 56 }} />
              <Typography>
                {t(mode === 'signup' ? 'auth.success.signup' : 'auth.success.signin', {
                  name: success.displayName,
                })}
              </Typography>
            </Stack>
          </DialogContent>
        ) : sentTo ? (
          <DialogContent>
            <Stack
              data-testid="signin-sent"
              sx={{ alignItems: 'center', gap: 1, py: 3 }}
              role="status"
            >
              <MailIcon color="primary" sx={{ fontSize: 56 }} />
              <Typography sx={{ textAlign: 'center' }}>
                {t(mode === 'link' ? 'auth.link.sent' : 'auth.reset.sent', { email: sentTo })}
              </Typography>
              <Button onClick={() => handleMode('signin')} data-testid="signin-back">
                {t('auth.link.back')}
              </Button>
            </Stack>
          </DialogContent>
        ) : phoneMode ? (
          <PhoneSignIn
            onSignedIn={signedIn}
            onBack={() => setPhoneMode(false)}
            onCancel={onClose}
          />
        ) : config.isPending ? (
          <DialogContent>
            <LoadingState />
          </DialogContent>
        ) : config.isError ? (
          <DialogContent>
            <Alert severity="error">{errorText(t, config.error)}</Alert>
          </DialogContent>
        ) : (
          <form onSubmit={handleSubmit} noValidate>
            <DialogContent sx={{ pt: 0 }}>
              {providers.length === 0 && (config.data.oidc ?? []).length === 0 && (
                <Alert severity="info">{t('auth.noproviders')}</Alert>
              )}
              {initialError && (
                <Alert severity="error" sx={{ mb: 2 }} data-testid="signin-oidc-error">
                  {t(initialError, { defaultValue: t('auth.error.oidc') })}
                </Alert>
              )}
              <OidcButtons providers={config.data.oidc ?? []} />
              {others.length > 0 && (
                <Stack sx={{ gap: 1, mb: 2 }}>
                  {others.map((p) => (
                    <Tooltip key={p} title={t('auth.provider.unavailable')}>
                      <span>
                        <Button
                          fullWidth
                          variant="outlined"
                          disabled
                          data-testid={`signin-provider-${p}`}
                        >
                          {t('auth.provider', { provider: p.charAt(0).toUpperCase() + p.slice(1) })}
                        </Button>
                      </span>
                    </Tooltip>
                  ))}
                </Stack>
              )}
              {config.data.phone && !emailOnly(mode) && (
                <Button
                  fullWidth
                  variant="outlined"
                  startIcon={<PhoneIcon />}
                  disabled={busy}
                  onClick={() => setPhoneMode(true)}
                  sx={{ mb: 2 }}
                  data-testid="signin-phone-open"
                >
                  {t('auth.phone.open')}
                </Button>
              )}
              {offerPasskey && (
                <Stack sx={{ gap: 1, mb: 2 }}>
                  <Button
                    fullWidth
                    variant="outlined"
                    startIcon={<KeyIcon />}
                    disabled={busy}
                    onClick={() => passkey.mutate()}
                    ref={passkeyButton}
                    data-testid="signin-passkey"
                  >
                    {t('auth.passkey.signin')}
                  </Button>
                  {passkey.isError && (
                    <Alert severity="error" data-testid="signin-passkey-error">
                      {passkeyErrorText(t, passkey.error)}
                    </Alert>
                  )}
                </Stack>
              )}
              {hasPassword && (
                <>
                  {linkMode ? (
                    <Typography sx={{ mb: 2 }} data-testid="signin-linkmode">
                      {t(mode === 'link' ? 'auth.link.explain' : 'auth.reset.explain')}
                    </Typography>
                  ) : (
                    <Tabs
                      value={mode}
                      onChange={(_e, v: AuthMode) => handleMode(v)}
                      variant="fullWidth"
                      sx={{ mb: 2 }}
                    >
                      <Tab
                        value="signin"
                        label={t('auth.signin')}
                        data-testid="signin-tab-signin"
                      />
                      {config.data.signupOpen && (
                        <Tab
                          value="signup"
                          label={t('auth.signup')}
                          data-testid="signin-tab-signup"
                        />
                      )}
                    </Tabs>
                  )}
                  <Stack sx={{ gap: 2 }}>
                    {mode === 'signup' && (
                      <TextField
                        label={t('auth.displayname')}
                        value={fields.displayName}
                        onChange={(e) => handleChange('displayName')(e.target.value)}
                        error={!!fieldError('displayName')}
                        helperText={fieldError('displayName')}
                        autoComplete="name"
                        required
                        slotProps={{ htmlInput: { 'data-testid': 'signin-displayname' } }}
                      />
                    )}
                    <TextField
                      label={t('auth.email')}
                      type="email"
                      value={fields.email}
                      onChange={(e) => handleChange('email')(e.target.value)}
                      error={!!fieldError('email')}
                      helperText={fieldError('email')}
                      autoComplete="email"
                      autoFocus
                      required
                      slotProps={{ htmlInput: { 'data-testid': 'signin-email' } }}
                    />
                    {!linkMode && (
                      <TextField
                        label={t('auth.password')}
                        type="password"
                        value={fields.password}
                        onChange={(e) => handleChange('password')(e.target.value)}
                        error={!!fieldError('password')}
                        helperText={
                          fieldError('password') ??
                          (mode === 'signup'
                            ? t('auth.passwordhint', { min: passwordMin })
                            : undefined)
                        }
                        autoComplete={mode === 'signup' ? 'new-password' : 'current-password'}
                        required
                        slotProps={{ htmlInput: { 'data-testid': 'signin-password' } }}
                      />
                    )}
                    {emailLinks && mode === 'signin' && (
                      <Stack direction="row" sx={{ justifyContent: 'space-between', mt: -1 }}>
                        <Button
                          size="small"
                          onClick={() => handleMode('reset')}
                          data-testid="signin-forgot"
                        >
                          {t('auth.reset.open')}
                        </Button>
                        <Button
                          size="small"
                          onClick={() => handleMode('link')}
                          data-testid="signin-link"
                        >
                          {t('auth.link.open')}
                        </Button>
                      </Stack>
                    )}
                    {!config.data.signupOpen && (
                      <Typography variant="body2" color="text.secondary">
                        {t('auth.signupclosed')}
                      </Typography>
                    )}
                    {mutation.isError && (
                      <Alert severity="error" data-testid="signin-error">
                        {errorText(t, mutation.error)}
                      </Alert>
                    )}
                  </Stack>
                </>
              )}
            </DialogContent>
            <DialogActions>
              {linkMode && (
                <Button onClick={() => handleMode('signin')} disabled={busy} sx={{ mr: 'auto' }}>
                  {t('auth.link.back')}
                </Button>
              )}
              <Button onClick={onClose} disabled={busy} data-testid="signin-cancel">
                {t('common.cancel')}
              </Button>
              {hasPassword && (
                <Button
                  type="submit"
                  variant="contained"
                  disabled={busy}
                  data-testid="signin-submit"
                  startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
                >
                  {t(SUBMIT_LABEL[mode])}
                </Button>
              )}
            </DialogActions>
          </form>
        )}
      </Box>
    </Dialog>
  );
}
