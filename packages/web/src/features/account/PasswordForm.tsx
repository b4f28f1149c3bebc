import { useState } from 'react';
import type { FormEvent } from 'react';
import { Alert, Box, Button, CircularProgress, Stack, TextField, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MIN_LENGTH } from '@rada/core';
import type { Me } from '@rada/core';
import { api, queryKeys } from '../../api/client.ts';
import { errorText } from '../../i18n/errorText.ts';
import { SESSIONS_KEY } from './useSessions.ts';

/**
 * Changes the password (the current one is asked again), or sets the first one of an account
 * made without (by a link, a provider, One Tap); the other browsers are signed out.
 */
export function PasswordForm({ me }: { me: Me }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const first = !me.hasPassword;
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const change = useMutation({
    mutationFn: api.changePassword,
    onSuccess: () => {
      if (first) queryClient.setQueryData(queryKeys.me, { ...me, hasPassword: true });
      setCurrent('');
      setNext('');
      setRepeat('');
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
  const tooShort = next.length > 0 && next.length < PASSWORD_MIN_LENGTH;
  const mismatch = repeat.length > 0 && repeat !== next;
  const ok = (first || current.length > 0) && next.length >= PASSWORD_MIN_LENGTH && repeat === next;
  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (ok && !change.isPending) change.mutate({ current, next });
  };

  return (
    <Box component="section" data-testid="account-password">
      <Typography variant="h6" component="h2">
        {t(first ? 'account.password.settitle' : 'account.password.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t(first ? 'account.password.settext' : 'account.password.text')}
      </Typography>
      <Stack component="form" onSubmit={handleSubmit} noValidate sx={{ gap: 2, maxWidth: 400 }}>
        {!first && (
          <TextField
            type="password"
            label={t('account.password.current')}
            value={current}
            onChange={(e) => setCurrent(e.target.value)}
            autoComplete="current-password"
            slotProps={{ htmlInput: { 'data-testid': 'account-password-current' } }}
          />
        )}
        <TextField
          type="password"
          label={t('account.password.next')}
          value={next}
          onChange={(e) => setNext(e.target.value)}
          autoComplete="new-password"
          error={tooShort}
          helperText={tooShort ? t('account.password.tooshort', { min: PASSWORD_MIN_LENGTH }) : ' '}
          slotProps={{ htmlInput: { 'data-testid': 'account-password-next' } }}
        />
        <TextField
          type="password"
          label={t('account.password.repeat')}
          value={repeat}
          onChange={(e) => setRepeat(e.target.value)}
          autoComplete="new-password"
          error={mismatch}
          helperText={mismatch ? t('account.password.mismatch') : ' '}
          slotProps={{ htmlInput: { 'data-testid': 'account-password-repeat' } }}
        />
        {change.isError && (
          <Alert severity="error" data-testid="account-password-error">
            {errorText(t, change.error)}
          </Alert>
        )}
        {change.isSuccess && (
          <Alert severity="success" data-testid="account-password-done">
            {t(change.variables.current ? 'account.password.done' : 'account.password.setdone')}
          </Alert>
        )}
        <Box>
          <Button
            type="submit"
            variant="contained"
            disabled={!ok || change.isPending}
            startIcon={change.isPending ? <CircularProgress size={16} color="inherit" /> : null}
            data-testid="account-password-submit"
          >
            {t(first ? 'account.password.setsubmit' : 'account.password.submit')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
