import { useState } from 'react';
import type { FormEvent } from 'react';
import {
  Box,
  Button,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import KeyIcon from '@mui/icons-material/Key';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PASSKEY_NAME_MAX_LENGTH } from '@rada/core';
import type { PasskeyView } from '@rada/core';
import { api } from '../../api/client.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { useNotify } from '../../components/NotifyProvider.tsx';
import { errorText } from '../../i18n/errorText.ts';
import { formatDateTime } from '../events/formatEventDates.ts';
import { createPasskey, passkeyErrorText, passkeysSupported } from '../auth/passkey.ts';
import { describeUserAgent } from './userAgent.ts';

/** Under 'me': signing out forgets it. */
const PASSKEYS_KEY = ['me', 'passkeys'] as const;
const when = (ms: number | null) => formatDateTime(ms) ?? '—';

/** The account's passkeys: add one on this device (named), see when each was used, remove. */
export function PasskeysSection() {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: PASSKEYS_KEY, queryFn: api.passkeys });
  const [name, setName] = useState(() => describeUserAgent(navigator.userAgent) ?? '');
  const [removing, setRemoving] = useState<PasskeyView | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: PASSKEYS_KEY });
  const add = useMutation({
    mutationFn: () => createPasskey(name.trim()),
    onSuccess: () => notify(t('account.passkeys.added'), 'success'),
    onError: (e) => notify(passkeyErrorText(t, e), 'error'),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: api.removePasskey,
    onSuccess: () => {
      setRemoving(null);
      notify(t('account.passkeys.removed'), 'success');
    },
    onError: (e) => notify(errorText(t, e), 'error'),
    onSettled: refresh,
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (name.trim()) add.mutate();
  };
  const keys = list.data ?? [];

  return (
    <Box component="section" data-testid="account-passkeys">
      <Typography variant="h6" component="h2">
        {t('account.passkeys.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {t('account.passkeys.text')}
      </Typography>
      {keys.length > 0 && (
        <Box sx={{ overflowX: 'auto', mb: 2 }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('account.passkeys.name')}</TableCell>
                <TableCell>{t('account.passkeys.created')}</TableCell>
                <TableCell>{t('account.sessions.lastused')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {keys.map((k) => (
                <TableRow key={k.id} data-testid="passkey-row">
                  <TableCell>{k.name}</TableCell>
                  <TableCell>{when(k.createdAt)}</TableCell>
                  <TableCell>{when(k.lastUsedAt)}</TableCell>
                  <TableCell align="right">
                    <IconButton
                      size="small"
                      aria-label={t('account.passkeys.remove')}
                      onClick={() => setRemoving(k)}
                      data-testid="passkey-remove"
                    >
                      <DeleteIcon fontSize="small" />
                    </IconButton>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      {passkeysSupported() ? (
        <Stack
          component="form"
          onSubmit={submit}
          direction={{ xs: 'column', sm: 'row' }}
          sx={{ gap: 1, alignItems: { sm: 'flex-start' } }}
        >
          <TextField
            size="small"
            label={t('account.passkeys.name')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            slotProps={{
              htmlInput: { maxLength: PASSKEY_NAME_MAX_LENGTH, 'data-testid': 'passkey-name' },
            }}
          />
          <Button
            type="submit"
            variant="outlined"
            startIcon={<KeyIcon />}
            disabled={!name.trim() || add.isPending}
            data-testid="passkey-add"
          >
            {t('account.passkeys.add')}
          </Button>
        </Stack>
      ) : (
        <Typography color="text.secondary">{t('account.passkeys.unsupported')}</Typography>
      )}
      {removing && (
        <ConfirmDialog
          title={t('account.passkeys.remove')}
          message={t('account.passkeys.removeconfirm', { name: removing.name })}
          confirmLabel={t('account.passkeys.remove')}
          busy={remove.isPending}
          onConfirm={() => remove.mutate(removing.id)}
          onCancel={() => setRemoving(null)}
        />
      )}
    </Box>
  );
}
