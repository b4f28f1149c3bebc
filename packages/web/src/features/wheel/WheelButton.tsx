import { Suspense, lazy } from 'react';
import { Button } from '@mui/material';
import CasinoIcon from '@mui/icons-material/Casino';
import { useTranslation } from 'react-i18next';
import type { EventSummary } from '@rada/core';
import { useDialogState } from '../../hooks/useDialogState.ts';

const WheelDialog = lazy(() =>
  import('./WheelDialog.tsx').then((m) => ({ default: m.WheelDialog })),
);

/** The event header's "Wheel of names" button for the event's admins; the dialog loads when opened. */
export function WheelButton({ event }: { event: EventSummary }) {
  const { t } = useTranslation();
  const dialog = useDialogState();
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<CasinoIcon />}
        onClick={dialog.show}
        data-testid="event-wheel"
      >
        {t('wheel.title')}
      </Button>
      {dialog.open && (
        <Suspense fallback={null}>
          <WheelDialog key={dialog.key} event={event} onClose={dialog.hide} />
        </Suspense>
      )}
    </>
  );
}
