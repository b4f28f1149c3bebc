import { useState } from 'react';
import type { FormEvent } from 'react';
import { Alert, Box, Button, CircularProgress, Stack, TextField, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NAME_MAX_LENGTH } from '@rada/core';
import type { Me } from '@rada/core';
import { api, queryKeys } from '../../api/client.ts';
import { errorText } from '../../i18n/errorText.ts';

/** The account's display name (PATCH /api/account). */
export function DisplayNameForm({ me }: { me: Me }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [name, setName] = useState(me.displayName);
  const save = useMutation({
    mutationFn: api.updateAccount,
    onSuccess: (user) => {
      setName(user.displayName);
      queryClient.setQueryData(queryKeys.me, user);
    },
  });
  const trimmed = name.trim();
  const ok = trimmed.length > 0 && trimmed.length <= NAME_MAX_LENGTH && trimmed !== me.displayName;
  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (ok && !save.isPending) save.mutate({ displayName: trimmed });
  };

  return (
    <Box component="section" data-testid="account-name">
      <Typography variant="h6" component="h2">
        {t('account.name.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('account.name.text')}
      </Typography>
      <Stack
        component="form"
        onSubmit={handleSubmit}
        noValidate
        direction="row"
        sx={{ gap: 1, maxWidth: 480, alignItems: 'flex-start' }}
      >
        <TextField
          label={t('account.name.label')}
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            save.reset();
          }}
          autoComplete="name"
          size="small"
          sx={{ flex: 1 }}
          slotProps={{
            htmlInput: { maxLength: NAME_MAX_LENGTH, 'data-testid': 'account-name-input' },
          }}
        />
        <Button
          type="submit"
          variant="contained"
          disabled={!ok || save.isPending}
          startIcon={save.isPending ? <CircularProgress size={16} color="inherit" /> : null}
          data-testid="account-name-save"
        >
          {t('account.name.save')}
        </Button>
      </Stack>
      {save.isError && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {errorText(t, save.error)}
        </Alert>
      )}
      {save.isSuccess && (
        <Alert severity="success" sx={{ mt: 2 }} data-testid="account-name-done">
          {t('account.name.done')}
        </Alert>
      )}
    </Box>
  );
}
