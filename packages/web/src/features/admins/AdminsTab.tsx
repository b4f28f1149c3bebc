import { useState } from 'react';
import {
  Button,
  Chip,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Paper,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { shownEmail } from '@rada/core';
import type { EventAdmin, EventSummary, UserRecord } from '@rada/core';
import { api, queryKeys } from '../../api/client.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { ErrorState, LoadingState } from '../../components/States.tsx';
import { useMutateOnce } from '../../hooks/useSubmitOnce.ts';
import { useNotify } from '../../components/NotifyProvider.tsx';
import { errorText } from '../../i18n/errorText.ts';
import { useMe } from '../auth/useMe.ts';
import { UserSearchField } from '../users/UserSearchField.tsx';
import { MakeOwnerButton } from './MakeOwnerButton.tsx';

/** Owner first (the server already orders so; kept stable here for safety). */
export function sortAdmins(admins: EventAdmin[]): EventAdmin[] {
  return [...admins].sort((a, b) => Number(b.role === 'owner') - Number(a.role === 'owner'));
}

/**
 * Event admins panel (spec 01 screen 13): the list with the owner first and not removable,
 * a user picker to add admins, and 'Add me' for a super admin who is not yet an admin.
 */
export function AdminsTab({ event }: { event: EventSummary }) {
  const { t } = useTranslation();
  const me = useMe();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [picked, setPicked] = useState<UserRecord | null>(null);
  const [removing, setRemoving] = useState<EventAdmin | null>(null);
  const admins = useQuery({
    queryKey: queryKeys.admins(event.id),
    queryFn: () => api.admins(event.id),
  });

  const afterChange = (list: EventAdmin[]) => {
    queryClient.setQueryData(queryKeys.admins(event.id), list);
    void queryClient.invalidateQueries({ queryKey: queryKeys.event(event.id), exact: true });
  };
  const addMutation = useMutation({
    mutationFn: (user: { uid: string; displayName: string }) => api.addAdmin(event.id, user.uid),
    onSuccess: (list, user) => {
      afterChange(list);
      setPicked(null);
      notify(t('admins.added', { name: user.displayName }));
    },
    onError: (e) => notify(errorText(t, e), 'error'),
  });
  // Two quick clicks on Add must not send two requests (the second would fail as a duplicate).
  const add = useMutateOnce(addMutation);
  const remove = useMutation({
    mutationFn: (admin: EventAdmin) => api.removeAdmin(event.id, admin.uid),
    onSuccess: (list, admin) => {
      afterChange(list);
      setRemoving(null);
      notify(t('admins.removed', { name: admin.displayName }));
    },
    onError: (e) => notify(errorText(t, e), 'error'),
  });
  const busy = add.pending || remove.isPending;
  const list = admins.data ? sortAdmins(admins.data) : [];
  const adminUids = new Set(list.map((a) => a.uid));
  const showAddMe = !!me.data?.superAdmin && admins.isSuccess && !adminUids.has(me.data.uid);
  // Handing the event on is the owner's (or a super admin's) call, as on the server.
  const canMakeOwner = event.role === 'owner' || !!me.data?.superAdmin;

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} data-testid="admins-panel">
      <Stack direction="row" sx={{ alignItems: 'center', mb: 2, gap: 1 }}>
        <Typography variant="h5" component="h2" sx={{ flex: 1 }}>
          {t('admins.title')}
        </Typography>
        {showAddMe && me.data && (
          <Button
            variant="outlined"
            startIcon={<PersonAddIcon />}
            disabled={busy}
            onClick={() => me.data && add.mutate(me.data)}
            data-testid="admins-addme"
          >
            {t('admins.addme')}
          </Button>
        )}
      </Stack>
      {admins.isPending ? (
        <LoadingState />
      ) : admins.isError ? (
        <ErrorState message={t('admins.loaderror')} onRetry={() => void admins.refetch()} />
      ) : (
        <List data-testid="admins-list" sx={{ mb: 2 }}>
          {list.map((a) => (
            <ListItem
              key={a.uid}
              divider
              data-testid={`admin-row-${a.uid}`}
              data-role={a.role}
              secondaryAction={
                a.role === 'owner' ? undefined : (
                  <Tooltip title={t('admins.remove', { name: a.displayName })}>
                    <span>
                      <IconButton
                        edge="end"
                        aria-label={t('admins.remove', { name: a.displayName })}
                        disabled={busy}
                        onClick={() => setRemoving(a)}
                        data-testid={`admin-remove-${a.uid}`}
                      >
                        <PersonRemoveIcon />
                      </IconButton>
                    </span>
                  </Tooltip>
                )
              }
            >
              <ListItemText primary={a.displayName} secondary={shownEmail(a.email)} />
              {canMakeOwner && a.role !== 'owner' && (
                <MakeOwnerButton
                  eventId={event.id}
                  admin={a}
                  disabled={busy}
                  onDone={afterChange}
                />
              )}
              <Chip
                size="small"
                sx={{ mr: a.role === 'owner' ? 8 : 4 }}
                color={a.role === 'owner' ? 'primary' : 'default'}
                label={t(a.role === 'owner' ? 'admins.owner' : 'admins.admin')}
              />
            </ListItem>
          ))}
        </List>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, alignItems: { sm: 'center' } }}>
        <UserSearchField
          label={t('admins.picker')}
          value={picked}
          onChange={setPicked}
          excludeUids={adminUids}
          testId="admins-search"
          eventId={event.id}
          disabled={busy}
        />
        <Button
          variant="contained"
          startIcon={<PersonAddIcon />}
          disabled={!picked || busy}
          onClick={() => picked && add.mutate(picked)}
          data-testid="admins-add"
        >
          {t('admins.add')}
        </Button>
      </Stack>
      {removing && (
        <ConfirmDialog
          title={t('admins.removeconfirm.title')}
          message={t('admins.removeconfirm.text', { name: removing.displayName })}
          confirmLabel={t('admins.removeconfirm.confirm')}
          busy={remove.isPending}
          onCancel={() => setRemoving(null)}
          onConfirm={() => remove.mutate(removing)}
          testId="admin-remove-dialog"
          confirmTestId="admin-remove-confirm"
        />
      )}
    </Paper>
  );
}
