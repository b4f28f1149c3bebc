import { useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Stack,
  Tooltip,
} from '@mui/material';
import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { eventDateFormat } from '../events/formatEventDates.ts';
import type { UserRecord } from '@rada/core';
import { api, queryKeys } from '../../api/client.ts';
import { EmptyState, ErrorState, LoadingState } from '../../components/States.tsx';
import { useNotify } from '../../components/NotifyProvider.tsx';
import { errorText } from '../../i18n/errorText.ts';
import { UserSearchField } from '../users/UserSearchField.tsx';

/** Super-admin dialog listing event creators, with grant (search a user) and revoke. */
export function CreatorsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [picked, setPicked] = useState<UserRecord | null>(null);
  const creators = useQuery({ queryKey: queryKeys.creators, queryFn: api.creators, enabled: open });

  const grant = useMutation({
    mutationFn: (user: UserRecord) => api.grantCreator(user.uid),
    onSuccess: (_v, user) => {
      setPicked(null);
      notify(t('creators.granted', { name: user.displayName }));
    },
    onError: (e) => notify(errorText(t, e), 'error'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.creators }),
  });
  const revoke = useMutation({
    mutationFn: (user: { uid: string; displayName: string }) => api.revokeCreator(user.uid),
    onSuccess: (_v, user) => notify(t('creators.revoked', { name: user.displayName })),
    onError: (e) => notify(errorText(t, e), 'error'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.creators }),
  });
  const busy = grant.isPending || revoke.isPending;
  const existing = new Set((creators.data ?? []).map((c) => c.uid));

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t('creators.title')}</DialogTitle>
      <DialogContent data-testid="creators-dialog">
        <Stack direction="row" sx={{ gap: 1, alignItems: 'center', mt: 1 }}>
          <UserSearchField
            label={t('users.search')}
            value={picked}
            onChange={setPicked}
            excludeUids={existing}
            testId="creators-search"
            disabled={busy}
          />
          <Button
            variant="contained"
            disabled={!picked || busy}
            onClick={() => picked && grant.mutate(picked)}
            data-testid="creators-grant"
          >
            {t('creators.grant')}
          </Button>
        </Stack>
        {creators.isPending ? (
          <LoadingState />
        ) : creators.isError ? (
          <ErrorState error={creators.error} onRetry={() => void creators.refetch()} />
        ) : creators.data.length === 0 ? (
          <EmptyState text={t('creators.empty')} testId="creators-empty" />
        ) : (
          <List data-testid="creators-list">
            {creators.data.map((c) => (
              <ListItem
                key={c.uid}
                data-testid={`creator-row-${c.uid}`}
                divider
                secondaryAction={
                  <Tooltip title={t('creators.revoke')}>
                    <span>
                      <IconButton
                        edge="end"
                        aria-label={t('creators.revoke')}
                        disabled={busy}
                        onClick={() => revoke.mutate(c)}
                        data-testid={`creator-revoke-${c.uid}`}
                      >
                        <PersonRemoveIcon />
                      </IconButton>
                    </span>
                  </Tooltip>
                }
              >
                <ListItemText
                  primary={c.displayName}
                  secondary={`${c.email} · ${t('creators.since', {
                    date: dayjs(c.grantedAt)
                      .locale(i18n.language)
                      .format(eventDateFormat(i18n.language)),
                  })}`}
                />
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="creators-close">
          {t('common.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
