import { useEffect, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableRow,
  Typography,
} from '@mui/material';
import LinkIcon from '@mui/icons-material/Link';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ERROR_KEYS, LINK_ERROR_PARAM } from '@rada/core';
import type { OidcProviderInfo } from '@rada/core';
import { api } from '../../api/client.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { useNotify } from '../../components/NotifyProvider.tsx';
import { errorText } from '../../i18n/errorText.ts';
import { formatDateTime } from '../events/formatEventDates.ts';
import { useConfig } from '../auth/useMe.ts';
import { OidcIcon } from '../auth/OidcButtons.tsx';

/** Under 'me': signing out forgets it. */
const IDENTITIES_KEY = ['me', 'identities'] as const;

/**
 * "Sign-in methods": the OpenID Connect providers linked to the account (unlink each, unless it
 * is the last way in) and a link button for each other configured provider. A link leaves for
 * the provider and comes back here (`?link_error=key` when refused).
 */
export function IdentitiesSection() {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const config = useConfig();
  const providers = config.data?.oidc ?? [];
  const list = useQuery({
    queryKey: IDENTITIES_KEY,
    queryFn: api.identities,
    enabled: providers.length > 0,
  });
  const [unlinking, setUnlinking] = useState<OidcProviderInfo | null>(null);
  const [params, setParams] = useSearchParams();
  const [returnedError, setReturnedError] = useState<string | null>(null);
  const paramError = params.get(LINK_ERROR_PARAM);
  useEffect(() => {
    if (!paramError) return;
    const known = (ERROR_KEYS as readonly string[]).includes(paramError);
    setReturnedError(known ? paramError : 'auth.error.oidc');
    setParams(
      (p) => {
        p.delete(LINK_ERROR_PARAM);
        return p;
      },
      { replace: true },
    );
  }, [paramError, setParams]);

  const link = useMutation({
    mutationFn: api.linkIdentity,
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (e) => notify(errorText(t, e), 'error'),
  });
  const unlink = useMutation({
    mutationFn: (p: OidcProviderInfo) => api.unlinkIdentity(p.id),
    onSuccess: (_v, p) => {
      setUnlinking(null);
      notify(t('account.identities.unlinked', { label: p.label }), 'success');
    },
    onError: (e) => {
      setUnlinking(null);
      notify(errorText(t, e), 'error');
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: IDENTITIES_KEY }),
  });

  if (providers.length === 0) return null;
  const linked = new Map((list.data ?? []).map((i) => [i.provider, i]));

  return (
    <Box component="section" data-testid="account-identities">
      <Typography variant="h6" component="h2">
        {t('account.identities.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {t('account.identities.text')}
      </Typography>
      {returnedError && (
        <Alert
          severity="error"
          sx={{ mb: 1 }}
          onClose={() => setReturnedError(null)}
          data-testid="identity-error"
        >
          {t(returnedError)}
        </Alert>
      )}
      <Table size="small">
        <TableBody>
          {providers.map((p) => {
            const identity = linked.get(p.id);
            return (
              <TableRow key={p.id} data-testid={`identity-${p.id}`}>
                <TableCell>
                  <Stack direction="row" sx={{ gap: 1, alignItems: 'center' }}>
                    <OidcIcon provider={p} />
                    {p.label}
                  </Stack>
                </TableCell>
                <TableCell>
                  {identity
                    ? `${t('account.identities.linked')} ${formatDateTime(identity.createdAt) ?? ''}`
                    : ''}
                  {identity?.email && (
                    <Typography variant="body2" color="text.secondary">
                      {identity.email}
                    </Typography>
                  )}
                </TableCell>
                <TableCell align="right">
                  {identity ? (
                    <Button
                      size="small"
                      color="error"
                      onClick={() => setUnlinking(p)}
                      data-testid={`identity-unlink-${p.id}`}
                    >
                      {t('account.identities.unlink')}
                    </Button>
                  ) : (
                    <Button
                      size="small"
                      variant="outlined"
                      startIcon={<LinkIcon />}
                      disabled={link.isPending || list.isPending}
                      onClick={() => link.mutate(p.id)}
                      data-testid={`identity-link-${p.id}`}
                    >
                      {t('account.identities.link', { label: p.label })}
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      {unlinking && (
        <ConfirmDialog
          title={t('account.identities.unlink')}
          message={t('account.identities.unlinkconfirm', { label: unlinking.label })}
          confirmLabel={t('account.identities.unlink')}
          busy={unlink.isPending}
          onConfirm={() => unlink.mutate(unlinking)}
          onCancel={() => setUnlinking(null)}
        />
      )}
    </Box>
  );
}
