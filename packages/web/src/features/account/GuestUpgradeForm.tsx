import { useState } from 'react';
import type { FormEvent } from 'react';
import { Alert, Box, Button, CircularProgress, Stack, TextField, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MIN_LENGTH } from '@rada/core';
import type { Me } from '@rada/core';
import { api, queryKeys } from '../../api/client.ts';
import { errorText } from '../../i18n/errorText.ts';
import { forgetGuest } from '../participant/device.ts';

/**
 * A guest's "Save your account": email, password and name make the guest a full account (POST
 * /api/auth/upgrade), keeping its teams; the device forgets the guest's stored credentials.
 */
export function GuestUpgradeForm({ me, onCancel }: { me: Me; onCancel?: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [name, setName] = useState(me.displayName);
  const [saved, setSaved] = useState<string | null>(null);
  const upgrade = useMutation({
    mutationFn: api.upgradeGuest,
    onSuccess: (user) => {
      forgetGuest();
      setSaved(user.email);
      queryClient.setQueryData(queryKeys.me, user);
    },
  });
  const tooShort = password.length > 0 && password.length < PASSWORD_MIN_LENGTH;
  const ok =
    email.trim().length > 0 && password.length >= PASSWORD_MIN_LENGTH && name.trim().length > 0;
  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (ok && !upgrade.isPending) upgrade.mutate({ email, password, displayName: name });
  };

  if (saved) {
    return (
      <Alert severity="success" data-testid="guest-upgrade-done">
        {t('guest.upgrade.done', { email: saved })}
      </Alert>
    );
  }
  return (
    <Box component="section" data-testid="guest-upgrade">
      <Typography variant="h6" component="h2">
        {t('guest.upgrade.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('guest.upgrade.text')}
      </Typography>
      <Stack component="form" onSubmit={handleSubmit} noValidate sx={{ gap: 2, maxWidth: 400 }}>
        <TextField
          type="email"
          label={t('guest.upgrade.email')}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          autoComplete="email"
          slotProps={{ htmlInput: { 'data-testid': 'guest-upgrade-email' } }}
        />
        <TextField
          type="password"
          label={t('guest.upgrade.password')}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          autoComplete="new-password"
          error={tooShort}
          helperText={tooShort ? t('guest.upgrade.tooshort', { min: PASSWORD_MIN_LENGTH }) : ' '}
          slotProps={{ htmlInput: { 'data-testid': 'guest-upgrade-password' } }}
        />
        <TextField
          label={t('guest.upgrade.name')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          autoComplete="name"
          slotProps={{ htmlInput: { 'data-testid': 'guest-upgrade-name' } }}
        />
        {upgrade.isError && (
          <Alert severity="error" data-testid="guest-upgrade-error">
            {errorText(t, upgrade.error)}
          </Alert>
        )}
        <Stack direction="row" sx={{ gap: 1 }}>
          <Button
            type="submit"
            variant="contained"
            disabled={!ok || upgrade.isPending}
            startIcon={upgrade.isPending ? <CircularProgress size={16} color="inherit" /> : null}
            data-testid="guest-upgrade-submit"
          >
            {t('guest.upgrade.submit')}
          </Button>
          {onCancel && <Button onClick={onCancel}>{t('guest.upgrade.cancel')}</Button>}
        </Stack>
      </Stack>
    </Box>
  );
}
