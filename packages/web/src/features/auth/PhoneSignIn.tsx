import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import type { TextFieldProps } from '@mui/material';
import {
  Alert,
  Button,
  CircularProgress,
  DialogActions,
  DialogContent,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PHONE_RESEND_MS, isPhoneCode } from '@rada/core';
import type { Me } from '@rada/core';
import { api } from '../../api/client.ts';
import { errorText } from '../../i18n/errorText.ts';
import { useFocusBack } from '../../hooks/useFocusBack.ts';

/** Seconds until Resend is enabled, counting down once a second from `sentAt`. */
export function useResendCountdown(sentAt: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (sentAt === null) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [sentAt]);
  if (sentAt === null) return 0;
  return Math.max(0, Math.ceil((sentAt + PHONE_RESEND_MS - now) / 1000));
}

type FieldProps = {
  value: string;
  onChange: (value: string) => void;
  testId: string;
} & Pick<TextFieldProps, 'size' | 'autoFocus' | 'required' | 'error' | 'helperText'>;

/** A phone number, as the sign-in dialog and the account page ask for it. */
export function PhoneNumberField({ value, onChange, testId, ...rest }: FieldProps) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('auth.phone.number')}
      type="tel"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      helperText={t('auth.phone.numberhint')}
      autoComplete="tel"
      {...rest}
      slotProps={{ htmlInput: { 'data-testid': testId } }}
    />
  );
}

/** The 6-digit code texted to a phone (the browser may fill it in from the message). */
export function PhoneCodeField({ value, onChange, testId, ...rest }: FieldProps) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('auth.phone.code')}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      autoComplete="one-time-code"
      autoFocus
      {...rest}
      slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6, 'data-testid': testId } }}
    />
  );
}

/**
 * The sign-in dialog's phone mode (docs/sign-in.md "Phone codes"): the number, Send code, then
 * the 6-digit code and Sign in; Resend is enabled 15 s after each code, with a countdown.
 */
export function PhoneSignIn({
  onSignedIn,
  onBack,
  onCancel,
}: {
  onSignedIn: (me: Me) => void;
  onBack: () => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [sentAt, setSentAt] = useState<number | null>(null);
  const [codeInvalid, setCodeInvalid] = useState(false);
  const wait = useResendCountdown(sentAt);

  const send = useMutation({
    mutationFn: (number: string) =>
      api.requestPhoneCode({ phone: number, lang: i18n.resolvedLanguage === 'et' ? 'et' : 'en' }),
    onSuccess: (_v, number) => {
      setSentTo(number.trim());
      setSentAt(Date.now());
      setCode('');
    },
  });
  const signIn = useMutation({
    mutationFn: () => api.signInWithPhone({ phone: sentTo ?? phone, code: code.trim() }),
    onSuccess: onSignedIn,
  });
  const busy = send.isPending || signIn.isPending;
  useFocusBack(busy);

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (sentTo === null) {
      send.mutate(phone);
      return;
    }
    if (!isPhoneCode(code.trim())) {
      setCodeInvalid(true);
      return;
    }
    signIn.mutate();
  };

  const changeNumber = () => {
    setSentTo(null);
    setSentAt(null);
    setCode('');
    setCodeInvalid(false);
    send.reset();
    signIn.reset();
  };

  const error = send.error ?? signIn.error;
  return (
    <form onSubmit={handleSubmit} noValidate data-testid="signin-phone">
      <DialogContent sx={{ pt: 0 }}>
        <Stack sx={{ gap: 2 }}>
          {sentTo === null ? (
            <>
              <Typography>{t('auth.phone.explain')}</Typography>
              <PhoneNumberField
                value={phone}
                onChange={(value) => {
                  setPhone(value);
                  send.reset();
                }}
                testId="signin-phone-number"
                autoFocus
                required
              />
            </>
          ) : (
            <>
              <Typography role="status" data-testid="signin-phone-sent">
                {t('auth.phone.sent', { phone: sentTo })}
              </Typography>
              <PhoneCodeField
                value={code}
                onChange={(value) => {
                  setCode(value);
                  setCodeInvalid(false);
                  signIn.reset();
                }}
                testId="signin-phone-code"
                error={codeInvalid}
                helperText={codeInvalid ? t('auth.error.wrongcode') : undefined}
                required
              />
              <Stack direction="row" sx={{ justifyContent: 'space-between', mt: -1 }}>
                <Button size="small" onClick={changeNumber} disabled={busy}>
                  {t('auth.phone.change')}
                </Button>
                <Button
                  size="small"
                  onClick={() => send.mutate(sentTo)}
                  disabled={busy || wait > 0}
                  data-testid="signin-phone-resend"
                >
                  {wait > 0 ? t('auth.phone.resendin', { seconds: wait }) : t('auth.phone.resend')}
                </Button>
              </Stack>
            </>
          )}
          {error && (
            <Alert severity="error" data-testid="signin-error">
              {errorText(t, error)}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onBack} disabled={busy} sx={{ mr: 'auto' }}>
          {t('auth.link.back')}
        </Button>
        <Button onClick={onCancel} disabled={busy}>
          {t('common.cancel')}
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={busy}
          data-testid="signin-submit"
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {t(sentTo === null ? 'auth.phone.send' : 'auth.signin')}
        </Button>
      </DialogActions>
    </form>
  );
}
