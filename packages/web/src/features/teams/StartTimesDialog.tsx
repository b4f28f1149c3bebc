import { useMemo, useState } from 'react';
import {
  Alert,
  Box,
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
import { LocalTimeField } from '../../components/DateTimeField.tsx';
import { START_ORDERS } from '@rada/core';
import type {
  AssignStartTimesBody,
  AssignStartTimesResult,
  StartOrderBy,
  UndoStartTimesResult,
} from '@rada/core';
import { useNotify } from '../../components/NotifyProvider.tsx';
import { useDebouncedValue } from '../../hooks/useDebouncedValue.ts';
import { useMutateOnce } from '../../hooks/useSubmitOnce.ts';
import { errorText } from '../../i18n/errorText.ts';
import { StartTimesPreview } from './StartTimesPreview.tsx';
import { fromLocalInput, toLocalInput } from './teamAnswers.ts';
import {
  useAssignStartTimes,
  useStartTimesPreview,
  useTeams,
  useUndoStartTimes,
} from './useTeams.ts';

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
 * order. By default only teams without one, never a team that started, finished or marked a KP
 * unless ticked. A preview (the server's dry run) says what would change before Apply; after
 * it, Undo puts the previous times back.
 */
export function StartTimesDialog({
  eventId,
  firstStart,
  interval,
  onClose,
}: StartTimesDialogProps) {
  const { t } = useTranslation();
  const notify = useNotify();
  const teams = useTeams(eventId);
  const assign = useMutateOnce(useAssignStartTimes(eventId));
  const undo = useMutateOnce(useUndoStartTimes(eventId));
  const [first, setFirst] = useState(() => toLocalInput(firstStart));
  const [minutes, setMinutes] = useState(interval === null ? '' : String(interval));
  const [order, setOrder] = useState<StartOrderBy>('nr');
  const [onlyMissing, setOnlyMissing] = useState(true);
  const [includeStarted, setIncludeStarted] = useState(false);
  const [applied, setApplied] = useState<AssignStartTimesResult | null>(null);
  const [undone, setUndone] = useState<UndoStartTimesResult | null>(null);

  const firstMs = fromLocalInput(first);
  const intervalMin = minutes.trim() === '' ? undefined : Number(minutes.replace(',', '.'));
  const badInterval =
    intervalMin !== undefined && !(Number.isFinite(intervalMin) && intervalMin >= 0);
  const body: AssignStartTimesBody | null = useMemo(
    () =>
      firstMs === null || badInterval
        ? null
        : { first: firstMs, intervalMin, order, onlyMissing, includeStarted },
    [firstMs, intervalMin, badInterval, order, onlyMissing, includeStarted],
  );
  const previewBody = useDebouncedValue(body, 300);
  const preview = useStartTimesPreview(eventId, previewBody);
  const names = useMemo(
    () => new Map((teams.data ?? []).map((team) => [team.id, team.name])),
    [teams.data],
  );
  const onError = (e: unknown) => notify(errorText(t, e), 'error');
  const nothingToDo = preview.data !== undefined && preview.data.changes.length === 0;

  const handleApply = () => {
    if (!body) return;
    assign.mutate(body, {
      onSuccess: (result) => {
        setApplied(result);
        setUndone(null);
      },
      onError,
    });
  };

  const handleUndo = () => {
    if (!applied || applied.changes.length === 0) return;
    undo.mutate(
      { changes: applied.changes },
      {
        onSuccess: (result) => {
          setUndone(result);
          setApplied(null);
        },
        onError,
      },
    );
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" data-testid="starttimes-dialog">
      <DialogTitle>{t('teams.starttimes')}</DialogTitle>
      <DialogContent>
        <Stack sx={{ gap: 2, pt: 1 }}>
          <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2 }}>
            <Box sx={{ flex: 1 }}>
              <LocalTimeField
                label={t('teams.starttimes.first')}
                value={first}
                onChange={setFirst}
                error={firstMs === null ? t('teams.starttimes.nofirst') : null}
                testId="starttimes-first"
              />
            </Box>
            <TextField
              type="number"
              size="small"
              label={t('teams.starttimes.interval')}
              value={minutes}
              onChange={(e) => setMinutes(e.target.value)}
              error={badInterval}
              helperText={t('teams.starttimes.intervalhint')}
              sx={{ flex: 1 }}
              slotProps={{
                htmlInput: { min: 0, step: 0.5, 'data-testid': 'starttimes-interval' },
              }}
            />
          </Stack>
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
          <Stack>
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
            <FormControlLabel
              control={
                <Switch
                  color="warning"
                  checked={includeStarted}
                  onChange={(e) => setIncludeStarted(e.target.checked)}
                  slotProps={{ input: { 'data-testid': 'starttimes-includestarted' } as object }}
                />
              }
              label={t('teams.starttimes.includestarted')}
            />
          </Stack>
          {includeStarted && (
            <Alert severity="warning" data-testid="starttimes-includestarted-warning">
              {t('teams.starttimes.includestartedwarn')}
            </Alert>
          )}
          {applied ? (
            <Alert
              severity="success"
              data-testid="starttimes-applied"
              action={
                applied.changes.length > 0 && (
                  <Button
                    color="inherit"
                    size="small"
                    disabled={undo.pending}
                    onClick={handleUndo}
                    data-testid="starttimes-undo"
                  >
                    {t('teams.starttimes.undo')}
                  </Button>
                )
              }
            >
              <span data-testid="starttimes-result">
                {t('teams.starttimes.assigned', { count: applied.assigned })}
              </span>
            </Alert>
          ) : (
            preview.data && (
              <StartTimesPreview
                preview={preview.data}
                names={names}
                stale={preview.isFetching || body !== previewBody}
              />
            )
          )}
          {undone && (
            <Alert severity="info" data-testid="starttimes-undone">
              {t('teams.starttimes.undone', { count: undone.restored })}
              {undone.skipped > 0 &&
                ` ${t('teams.starttimes.undoskipped', { count: undone.skipped })}`}
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
          disabled={body === null || nothingToDo || assign.pending || applied !== null}
          data-testid="starttimes-apply"
        >
          {t('teams.starttimes.apply')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
