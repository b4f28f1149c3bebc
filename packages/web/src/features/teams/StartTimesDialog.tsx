import { useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Stack,
  Switch,
  TextField,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { START_ORDERS } from '@rada/core';
import type { StartOrderBy } from '@rada/core';
import { useNotify } from '../../components/NotifyProvider.tsx';
import { errorText } from '../../i18n/errorText.ts';
import { fromLocalInput, toLocalInput } from './teamAnswers.ts';
import { useAssignStartTimes } from './useTeams.ts';

interface StartTimesDialogProps {
  eventId: string;
  /** The default first start: the massstarttimems setting, else the event's start. */
  firstStart: number | null;
  /** The default interval: the joinstartinterval setting (minutes). */
  interval: number | null;
  onClose: () => void;
}

/**
 * 'Start times': gives teams start times from a first start at an interval, in the chosen
 * order, optionally only to teams without one, and says how many got a time.
 */
export function StartTimesDialog({
  eventId,
  firstStart,
  interval,
  onClose,
}: StartTimesDialogProps) {
  const { t } = useTranslation();
  const notify = useNotify();
  const assign = useAssignStartTimes(eventId);
  const [first, setFirst] = useState(() => toLocalInput(firstStart));
  const [minutes, setMinutes] = useState(interval === null ? '' : String(interval));
  const [order, setOrder] = useState<StartOrderBy>('nr');
  const [onlyMissing, setOnlyMissing] = useState(false);

  const firstMs = fromLocalInput(first);
  const intervalMin = minutes.trim() === '' ? undefined : Number(minutes.replace(',', '.'));
  const badInterval =
    intervalMin !== undefined && !(Number.isFinite(intervalMin) && intervalMin >= 0);

  const handleApply = () => {
    if (firstMs === null || badInterval) return;
    assign.mutate(
      { first: firstMs, intervalMin, order, onlyMissing },
      { onError: (e) => notify(errorText(t, e), 'error') },
    );
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" data-testid="starttimes-dialog">
      <DialogTitle>{t('teams.starttimes')}</DialogTitle>
      <DialogContent>
        <Stack sx={{ gap: 2, pt: 1 }}>
          <TextField
            type="datetime-local"
            size="small"
            label={t('teams.starttimes.first')}
            value={first}
            onChange={(e) => setFirst(e.target.value)}
            error={firstMs === null}
            helperText={firstMs === null ? t('teams.starttimes.nofirst') : undefined}
            slotProps={{
              inputLabel: { shrink: true },
              htmlInput: { step: 1, 'data-testid': 'starttimes-first' },
            }}
          />
          <TextField
            type="number"
            size="small"
            label={t('teams.starttimes.interval')}
            value={minutes}
            onChange={(e) => setMinutes(e.target.value)}
            error={badInterval}
            helperText={t('teams.starttimes.intervalhint')}
            slotProps={{ htmlInput: { min: 0, step: 0.5, 'data-testid': 'starttimes-interval' } }}
          />
          <TextField
            select
            size="small"
            label={t('teams.starttimes.order')}
            value={order}
            onChange={(e) => setOrder(e.target.value as StartOrderBy)}
            data-testid="starttimes-order"
          >
            {START_ORDERS.map((o) => (
              <MenuItem key={o} value={o}>
                {t(`teams.starttimes.order.${o}`)}
              </MenuItem>
            ))}
          </TextField>
          <FormControlLabel
            control={
              <Switch
                checked={onlyMissing}
                onChange={(e) => setOnlyMissing(e.target.checked)}
                slotProps={{ input: { 'data-testid': 'starttimes-onlymissing' } as object }}
              />
            }
            label={t('teams.starttimes.onlymissing')}
          />
          {assign.data && (
            <Alert severity="success" data-testid="starttimes-result">
              {t('teams.starttimes.assigned', { count: assign.data.assigned })}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="starttimes-close">
          {t('teams.close')}
        </Button>
        <Button
          variant="contained"
          onClick={handleApply}
          disabled={firstMs === null || badInterval || assign.isPending}
          data-testid="starttimes-apply"
        >
          {t('teams.starttimes.apply')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
