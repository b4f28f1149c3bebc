import { useState } from 'react';
import type { FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { deleteConfirmation, deleteConfirmed } from '@rada/core';
import { api } from '../../api/client.ts';
import { LoadingState } from '../../components/States.tsx';
import { errorText } from '../../i18n/errorText.ts';
import { useMe } from '../auth/useMe.ts';
import { useOpenSignIn } from '../auth/SignInProvider.tsx';
import { useForgetMe } from '../auth/useSignOut.ts';
import { OwnedEventsAlert, ownedEventsOf } from './OwnedEventsAlert.tsx';

/**
 * `/accountdelete`: explains what is erased, asks for the email (a phone-only account: the
 * number; a guest: the name; core deleteConfirmation), deletes, signs out.
 */
export function AccountDeletePage() {
  const { t } = useTranslation();
  const me = useMe();
  const openSignIn = useOpenSignIn();
  const forgetMe = useForgetMe();
  const [typed, setTyped] = useState('');
  const [done, setDone] = useState(false);
  const remove = useMutation({
    mutationFn: (confirm: string) => api.deleteAccount({ confirm }),
    onSuccess: () => {
      setDone(true);
      forgetMe();
    },
  });

  let body: React.ReactNode;
  if (done) {
    body = (
      <Alert severity="success" data-testid="accountdelete-done">
        {t('accountdelete.done')}
      </Alert>
    );
  } else if (me.isPending) {
    body = <LoadingState />;
  } else if (!me.data) {
    body = (
      <Alert
        severity="info"
        data-testid="accountdelete-signedout"
        action={
          <Button
            color="inherit"
            onClick={openSignIn}
            sx={{ whiteSpace: 'nowrap' }}
            data-testid="accountdelete-signin"
          >
            {t('auth.signin')}
          </Button>
        }
      >
        {t('accountdelete.signedout')}
      </Alert>
    );
  } else {
    const expected = deleteConfirmation(me.data);
    const ok = deleteConfirmed(typed, me.data);
    const owned = ownedEventsOf(remove.error);
    const handleSubmit = (e: FormEvent) => {
      e.preventDefault();
      if (ok && !remove.isPending) remove.mutate(typed.trim());
    };
    body = (
      <Box component="form" onSubmit={handleSubmit} noValidate>
        <Typography>{t('accountdelete.intro')}</Typography>
        <Box component="ul" sx={{ mt: 1 }}>
          <li>{t('accountdelete.item.profile')}</li>
          <li>{t('accountdelete.item.signin')}</li>
          <li>{t('accountdelete.item.roles')}</li>
        </Box>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {t('accountdelete.keeps')}
        </Typography>
        <Stack sx={{ gap: 2, maxWidth: 480 }}>
          <Typography component="label" htmlFor="accountdelete-email">
            {t('accountdelete.confirm', { text: expected })}
          </Typography>
          <TextField
            id="accountdelete-email"
            label={t('accountdelete.confirmlabel')}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            autoComplete="off"
            disabled={remove.isPending}
            slotProps={{ htmlInput: { 'data-testid': 'accountdelete-email' } }}
          />
          {remove.isError &&
            (owned ? (
              <OwnedEventsAlert events={owned} />
            ) : (
              <Alert severity="error" data-testid="accountdelete-error">
                {errorText(t, remove.error)}
              </Alert>
            ))}
          <Box>
            <Button
              type="submit"
              variant="contained"
              color="error"
              disabled={!ok || remove.isPending}
              startIcon={
                remove.isPending ? (
                  <CircularProgress size={16} color="inherit" />
                ) : (
                  <DeleteForeverIcon />
                )
              }
              data-testid="accountdelete-submit"
            >
              {t('accountdelete.submit')}
            </Button>
          </Box>
        </Stack>
      </Box>
    );
  }

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 }, maxWidth: 720, mx: 'auto' }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('accountdelete.title')}
      </Typography>
      {body}
    </Paper>
  );
}
