import { useState } from 'react';
import type { FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import VerifiedIcon from '@mui/icons-material/Verified';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlineOutlined';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmailChangeBody, isPhoneCode, isPlaceholderEmail } from '@rada/core';
import type { Me } from '@rada/core';
import { api, queryKeys } from '../../api/client.ts';
import { errorText } from '../../i18n/errorText.ts';
import { PhoneCodeField, PhoneNumberField, useResendCountdown } from '../auth/PhoneSignIn.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';

const mailLang = (lang: string | undefined): 'en' | 'et' => (lang === 'et' ? 'et' : 'en');

/** A section's heading and its explanation. */
function Heading({ title, text }: { title: string; text: string }) {
  return (
    <>
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {text}
      </Typography>
    </>
  );
}

/**
 * The account's email and its change: a link to the new address makes it (POST
 * /api/account/email), asked with the current password (an account without one: soon after
 * signing in) and opened in a browser signed in to this account; without email on the server
 * the address shows but cannot change here, and nothing speaks of mailing it. Why an unconfirmed
 * address matters (a sign-in service cannot join by it) is told only when the server has such
 * services (`providers`).
 */
export function EmailSection({
  me,
  emailLinks,
  providers,
}: {
  me: Me;
  emailLinks: boolean;
  providers: boolean;
}) {
  const { t, i18n } = useTranslation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [asked, setAsked] = useState(false);
  const send = useMutation({
    mutationFn: ({ address, password }: { address: string; password?: string }) =>
      api.requestEmailChange({
        email: address,
        lang: mailLang(i18n.resolvedLanguage),
        ...(password ? { password } : {}),
      }),
  });
  const current = isPlaceholderEmail(me.email) ? null : me.email;
  const valid = EmailChangeBody.safeParse({ email }).success;
  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    setAsked(true);
    if (valid && !send.isPending) send.mutate({ address: email.trim(), password });
  };

  return (
    <Box component="section" data-testid="account-email">
      <Heading
        title={t('account.email.title')}
        text={emailLinks ? t('account.email.text') : t('account.email.nomail')}
      />
      <Stack direction="row" sx={{ gap: 1.5, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        <Typography data-testid="account-email-current">
          {current ?? t('account.email.none')}
        </Typography>
        {current && (
          <Chip
            size="small"
            icon={me.emailVerified ? <VerifiedIcon /> : <HelpOutlineIcon />}
            color={me.emailVerified ? 'success' : 'default'}
            variant="outlined"
            label={t(me.emailVerified ? 'account.email.verified' : 'account.email.unverified')}
            data-testid="account-email-verified"
          />
        )}
        {current && !me.emailVerified && emailLinks && !send.isSuccess && (
          <Button
            size="small"
            onClick={() => send.mutate({ address: current })}
            disabled={send.isPending}
            data-testid="account-email-verify"
          >
            {t('account.email.verify')}
          </Button>
        )}
      </Stack>
      {current && !me.emailVerified && providers && (
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ mb: 2, maxWidth: 720 }}
          data-testid="account-email-unverifiedtext"
        >
          {t(emailLinks ? 'account.email.unverifiedtext' : 'account.email.unverifiedtext.nomail')}
        </Typography>
      )}
      {emailLinks &&
        (send.isSuccess ? (
          <Alert severity="success" data-testid="account-email-sent">
            {t('account.email.sent', { email: send.variables.address })}
          </Alert>
        ) : (
          <Stack
            component="form"
            onSubmit={handleSubmit}
            noValidate
            direction="row"
            sx={{
              gap: 1,
              maxWidth: me.hasPassword ? 720 : 480,
              alignItems: 'flex-start',
              flexWrap: 'wrap',
            }}
          >
            <TextField
              label={current ? t('account.email.new') : t('account.email.add')}
              type="email"
              value={email}
              onChange={(e) => {
                setEmail(e.target.value);
                send.reset();
              }}
              error={asked && !valid}
              helperText={asked && !valid ? t('auth.error.bademail') : undefined}
              autoComplete="email"
              size="small"
              sx={{ flex: '1 1 200px' }}
              slotProps={{ htmlInput: { 'data-testid': 'account-email-input' } }}
            />
            {me.hasPassword && (
              <TextField
                label={t('account.email.password')}
                type="password"
                value={password}
                onChange={(e) => {
                  setPassword(e.target.value);
                  send.reset();
                }}
                autoComplete="current-password"
                size="small"
                sx={{ flex: '1 1 200px' }}
                slotProps={{ htmlInput: { 'data-testid': 'account-email-password' } }}
              />
            )}
            <Button
              type="submit"
              variant="contained"
              disabled={send.isPending}
              startIcon={send.isPending ? <CircularProgress size={16} color="inherit" /> : null}
              data-testid="account-email-send"
            >
              {t('account.email.send')}
            </Button>
          </Stack>
        ))}
      {send.isError && (
        <Alert severity="error" sx={{ mt: 2 }} data-testid="account-email-error">
          {errorText(t, send.error)}
        </Alert>
      )}
    </Box>
  );
}

/**
 * The account's phone: the number, then a 6-digit code sent to it sets it (PUT
 * /api/account/phone); Remove takes it away unless it is the only way in.
 */
export function PhoneSection({ me }: { me: Me }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [sentAt, setSentAt] = useState<number | null>(null);
  const [editing, setEditing] = useState(me.phoneNumber === null);
  const wait = useResendCountdown(sentAt);
  const setMe = (next: Me) => queryClient.setQueryData(queryKeys.me, next);

  const send = useMutation({
    mutationFn: (number: string) =>
      api.requestPhoneChangeCode({ phone: number, lang: mailLang(i18n.resolvedLanguage) }),
    onSuccess: (_v, number) => {
      setSentTo(number.trim());
      setSentAt(Date.now());
      setCode('');
    },
  });
  const save = useMutation({
    mutationFn: () => api.changePhone({ phone: sentTo ?? '', code: code.trim() }),
    onSuccess: (next) => {
      setMe(next);
      setSentTo(null);
      setSentAt(null);
      setPhone('');
      setEditing(false);
    },
  });
  const remove = useMutation({
    mutationFn: api.removePhone,
    onSuccess: () => {
      setMe({ ...me, phoneNumber: null });
      setEditing(true);
    },
    onSettled: () => setAsking(false),
  });
  const busy = send.isPending || save.isPending || remove.isPending;
  const error = send.error ?? save.error ?? remove.error;

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (sentTo === null) send.mutate(phone);
    else if (isPhoneCode(code.trim())) save.mutate();
  };

  return (
    <Box component="section" data-testid="account-phone">
      <Heading title={t('account.phone.title')} text={t('account.phone.text')} />
      <Stack direction="row" sx={{ gap: 2, alignItems: 'center', mb: 2 }}>
        <Typography data-testid="account-phone-current">
          {me.phoneNumber ?? t('account.phone.none')}
        </Typography>
        {me.phoneNumber !== null && !editing && (
          <>
            <Button size="small" onClick={() => setEditing(true)} data-testid="account-phone-edit">
              {t('account.phone.change')}
            </Button>
            <Button
              size="small"
              color="error"
              onClick={() => setAsking(true)}
              disabled={busy}
              data-testid="account-phone-remove"
            >
              {t('account.phone.remove')}
            </Button>
          </>
        )}
      </Stack>
      {editing && (
        <Stack
          component="form"
          onSubmit={handleSubmit}
          noValidate
          sx={{ gap: 1, maxWidth: 480 }}
          data-testid="account-phone-form"
        >
          {sentTo === null ? (
            <PhoneNumberField
              value={phone}
              onChange={(value) => {
                setPhone(value);
                send.reset();
              }}
              testId="account-phone-number"
              size="small"
            />
          ) : (
            <>
              <Typography role="status" data-testid="account-phone-sent">
                {t('auth.phone.sent', { phone: sentTo })}
              </Typography>
              <PhoneCodeField
                value={code}
                onChange={(value) => {
                  setCode(value);
                  save.reset();
                }}
                testId="account-phone-code"
                size="small"
              />
            </>
          )}
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
            <Button
              type="submit"
              variant="contained"
              disabled={busy || (sentTo !== null && !isPhoneCode(code.trim()))}
              startIcon={busy ? <CircularProgress size={16} color="inherit" /> : null}
              data-testid="account-phone-submit"
            >
              {t(sentTo === null ? 'auth.phone.send' : 'account.phone.save')}
            </Button>
            {sentTo !== null && (
              <Button
                onClick={() => send.mutate(sentTo)}
                disabled={busy || wait > 0}
                data-testid="account-phone-resend"
              >
                {wait > 0 ? t('auth.phone.resendin', { seconds: wait }) : t('auth.phone.resend')}
              </Button>
            )}
            {(sentTo !== null || me.phoneNumber !== null) && (
              <Button
                onClick={() => {
                  setSentTo(null);
                  setSentAt(null);
                  setCode('');
                  send.reset();
                  save.reset();
                  setEditing(me.phoneNumber === null);
                }}
                disabled={busy}
              >
                {t('common.cancel')}
              </Button>
            )}
          </Stack>
        </Stack>
      )}
      {error && (
        <Alert severity="error" sx={{ mt: 2 }} data-testid="account-phone-error">
          {errorText(t, error)}
        </Alert>
      )}
      {asking && (
        <ConfirmDialog
          title={t('account.phone.removetitle')}
          message={t('account.phone.removeconfirm', { phone: me.phoneNumber })}
          confirmLabel={t('account.phone.remove')}
          onConfirm={() => remove.mutate()}
          onCancel={() => setAsking(false)}
          busy={remove.isPending}
          confirmTestId="account-phone-removeconfirm"
        />
      )}
    </Box>
  );
}
