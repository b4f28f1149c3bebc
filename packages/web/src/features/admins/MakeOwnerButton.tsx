import { useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { EventAdmin } from '@rada/core';
import { api } from '../../api/client.ts';
import { useNotify } from '../../components/NotifyProvider.tsx';
import { errorText } from '../../i18n/errorText.ts';

interface MakeOwnerButtonProps {
  eventId: string;
  admin: EventAdmin;
  disabled: boolean;
  /** The admins list the server answers after the change. */
  onDone: (list: EventAdmin[]) => void;
}

/**
 * "Make owner" on an admin's row (the owner and super admins see it): after a confirmation the
 * admin becomes the event's owner and the old owner an admin, so an owner can leave (delete the
 * account) without leaving the event ownerless.
 */
export function MakeOwnerButton({ eventId, admin, disabled, onDone }: MakeOwnerButtonProps) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const name = admin.displayName;
  const make = useMutation({
    mutationFn: () => api.makeOwner(eventId, admin.uid),
    onSuccess: (list) => {
      setOpen(false);
      onDone(list);
      notify(t('admins.makeowner.done', { name }));
    },
    onError: (e) => notify(errorText(t, e), 'error'),
  });
  return (
    <>
      <Button
        size="small"
        sx={{ mr: 2, whiteSpace: 'nowrap' }}
        disabled={disabled || make.isPending}
        aria-label={t('admins.makeowner.label', { name })}
        onClick={() => setOpen(true)}
        data-testid={`admin-makeowner-${admin.uid}`}
      >
        {t('admins.makeowner')}
      </Button>
      <Dialog open={open} onClose={() => !make.isPending && setOpen(false)}>
        <DialogTitle>{t('admins.makeowner.title', { name })}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('admins.makeowner.text', { name })}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} disabled={make.isPending}>
            {t('admins.makeowner.cancel')}
          </Button>
          <Button
            variant="contained"
            onClick={() => make.mutate()}
            disabled={make.isPending}
            data-testid="admin-makeowner-confirm"
          >
            {t('admins.makeowner.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
