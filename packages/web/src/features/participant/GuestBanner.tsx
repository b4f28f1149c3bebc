import { useState } from 'react';
import { Alert, Button, Paper } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { Me } from '@rada/core';
import { GuestUpgradeForm } from '../account/GuestUpgradeForm.tsx';

/**
 * For a guest in the participant app: "Save your account" opens the upgrade form (email,
 * password, name); it stays to say so once the account is saved.
 */
export function GuestBanner({ me }: { me: Me }) {
  const { t } = useTranslation();
  const [wasGuest] = useState(me.guest);
  const [open, setOpen] = useState(false);
  if (!wasGuest) return null;
  if (open || !me.guest) {
    return (
      <Paper variant="outlined" sx={{ p: 2 }}>
        <GuestUpgradeForm me={me} onCancel={() => setOpen(false)} />
      </Paper>
    );
  }
  return (
    <Alert
      severity="info"
      data-testid="guest-banner"
      action={
        <Button
          color="inherit"
          onClick={() => setOpen(true)}
          sx={{ whiteSpace: 'nowrap' }}
          data-testid="guest-save"
        >
          {t('guest.save')}
        </Button>
      }
    >
      {t('guest.banner')}
    </Alert>
  );
}
