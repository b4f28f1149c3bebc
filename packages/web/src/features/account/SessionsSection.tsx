import { useState } from 'react';
import type { FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { SessionView } from '@rada/core';
import { useNotify } from '../../components/NotifyProvider.tsx';
import { errorText } from '../../i18n/errorText.ts';
import { formatDateTime } from '../events/formatEventDates.ts';
import { useForgetMe } from '../auth/useSignOut.ts';
import { describeUserAgent } from './userAgent.ts';
import { useSessionMutations } from './useSessions.ts';

const when = (ms: number | null) => formatDateTime(ms) ?? '—';

/** The signed-in browsers: when, which, this one marked; each can be signed out. */
export function BrowserSessions({ sessions }: { sessions: SessionView[] }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const forgetMe = useForgetMe();
  const { revoke } = useSessionMutations();
  const handleRevoke = (s: SessionView) =>
    revoke.mutate(s.id, {
      onSuccess: () => {
        notify(t('account.sessions.revoked'), 'success');
        if (s.current) forgetMe();
      },
      onError: (e) => notify(errorText(t, e), 'error'),
    });

  return (
    <Box component="section" data-testid="account-sessions">
      <Typography variant="h6" component="h2">
        {t('account.sessions.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {t('account.sessions.text')}
      </Typography>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('account.sessions.device')}</TableCell>
              <TableCell>{t('account.sessions.created')}</TableCell>
              <TableCell>{t('account.sessions.lastused')}</TableCell>
              <TableCell>{t('account.sessions.expires')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {sessions.map((s) => (
              <TableRow key={s.id} data-testid="account-session-row">
                <TableCell title={s.userAgent ?? undefined}>
                  {describeUserAgent(s.userAgent) ?? t('account.sessions.unknowndevice')}{' '}
                  {s.current && (
                    <Chip
                      size="small"
                      color="primary"
                      label={t('account.sessions.current')}
                      data-testid="account-session-current"
                    />
                  )}
                </TableCell>
                <TableCell>{when(s.createdAt)}</TableCell>
                <TableCell>{when(s.lastUsedAt)}</TableCell>
                <TableCell>{when(s.expiresAt)}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <Button
                    size="small"
                    color="error"
                    disabled={revoke.isPending}
                    onClick={() => handleRevoke(s)}
                    aria-label={t('account.sessions.revoke.label', { time: when(s.createdAt) })}
                    data-testid="account-session-revoke"
                  >
                    {t('account.sessions.revoke')}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Box>
  );
}

/** API tokens: name, dates, expiry; renew or revoke each; make a new one (shown once). */
export function ApiTokens({ tokens }: { tokens: SessionView[] }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const { revoke, renew, create } = useSessionMutations();
  const [name, setName] = useState('');
  const [shown, setShown] = useState<{ token: string; expiresAt: number | null } | null>(null);
  const label = (s: SessionView) => s.name ?? '';

  const handleCreate = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim() || create.isPending) return;
    create.mutate(
      { name: name.trim() },
      {
        onSuccess: (made) => {
          setShown({ token: made.token, expiresAt: made.expiresAt });
          setName('');
        },
      },
    );
  };

  return (
    <Box component="section" data-testid="account-tokens">
      <Typography variant="h6" component="h2">
        {t('account.tokens.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {t('account.tokens.text')}
      </Typography>
      {tokens.length === 0 ? (
        <Typography sx={{ mb: 2 }} data-testid="account-tokens-none">
          {t('account.tokens.none')}
        </Typography>
      ) : (
        <Box sx={{ overflowX: 'auto', mb: 2 }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('account.tokens.name')}</TableCell>
                <TableCell>{t('account.tokens.created')}</TableCell>
                <TableCell>{t('account.tokens.lastused')}</TableCell>
                <TableCell>{t('account.tokens.expires')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {tokens.map((s) => (
                <TableRow key={s.id} data-testid="account-token-row">
                  <TableCell>{label(s)}</TableCell>
                  <TableCell>{when(s.createdAt)}</TableCell>
                  <TableCell>{when(s.lastUsedAt)}</TableCell>
                  <TableCell data-testid="account-token-expires">
                    {when(s.expiresAt)}{' '}
                    {s.expired && (
                      <Chip size="small" color="warning" label={t('account.tokens.expired')} />
                    )}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <Button
                      size="small"
                      disabled={renew.isPending}
                      aria-label={t('account.tokens.renew.label', { name: label(s) })}
                      data-testid="account-token-renew"
                      onClick={() =>
                        renew.mutate(s.id, {
                          onSuccess: (v) =>
                            notify(
                              t('account.tokens.renewed', {
                                name: label(s),
                                time: when(v.expiresAt),
                              }),
                              'success',
                            ),
                          onError: (e) => notify(errorText(t, e), 'error'),
                        })
                      }
                    >
                      {t('account.tokens.renew')}
                    </Button>
                    <Button
                      size="small"
                      color="error"
                      disabled={revoke.isPending}
                      aria-label={t('account.tokens.revoke.label', { name: label(s) })}
                      data-testid="account-token-revoke"
                      onClick={() =>
                        revoke.mutate(s.id, {
                          onSuccess: () =>
                            notify(t('account.tokens.revoked', { name: label(s) }), 'success'),
                          onError: (e) => notify(errorText(t, e), 'error'),
                        })
                      }
                    >
                      {t('account.tokens.revoke')}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      {shown && (
        <Alert severity="info" sx={{ mb: 2 }} onClose={() => setShown(null)}>
          {t('account.tokens.created.once', { time: when(shown.expiresAt) })}
          <Box
            component="code"
            data-testid="account-token-secret"
            sx={{ display: 'block', mt: 1, wordBreak: 'break-all', userSelect: 'all' }}
          >
            {shown.token}
          </Box>
        </Alert>
      )}
      <Stack component="form" direction="row" sx={{ gap: 1 }} onSubmit={handleCreate} noValidate>
        <TextField
          size="small"
          label={t('account.tokens.new')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'account-token-name' } }}
        />
        <Button
          type="submit"
          variant="outlined"
          disabled={!name.trim() || create.isPending}
          data-testid="account-token-create"
        >
          {t('account.tokens.create')}
        </Button>
      </Stack>
      {create.isError && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {errorText(t, create.error)}
        </Alert>
      )}
    </Box>
  );
}
