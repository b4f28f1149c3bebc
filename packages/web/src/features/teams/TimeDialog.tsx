import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { INVALID_LOCAL_TIME, LocalTimeField } from '../../components/DateTimeField.tsx';
import { fromLocalInput, toLocalInput } from './teamAnswers.ts';
import { TimeWarnings, useTimeWarnings } from './TimeWarnings.tsx';

export interface TimeFieldSpec {
  key: string;
  label: string;
  value: number | null;
}

interface TimeDialogProps {
  title: string;
  fields: TimeFieldSpec[];
  onClose: () => void;
  /** Called with each field's new time (null: cleared). */
  onSave: (values: Record<string, number | null>) => void;
  /** What to confirm about these times before they are saved, in words (none: save at once). */
  warningsFor?: (values: Record<string, number | null>) => string[];
}

/**
 * Edits one or more times as local date and time with seconds. Times `warningsFor` finds odd
 * are shown in words first and saved with "Save anyway": a confirm step, not a block.
 */
export function TimeDialog({ title, fields, onClose, onSave, warningsFor }: TimeDialogProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(fields.map((f) => [f.key, toLocalInput(f.value)])),
  );
  const warnings = useTimeWarnings();
  const change = (key: string, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    warnings.reset();
  };
  const handleSave = () => {
    const times = Object.fromEntries(
      fields.map((f) => [f.key, fromLocalInput(values[f.key] ?? '')]),
    );
    if (warnings.confirm(() => warningsFor?.(times) ?? [])) onSave(times);
  };
  return (
    <Dialog open onClose={onClose} data-testid="time-dialog">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <Stack sx={{ gap: 2, pt: 1 }}>
          {fields.map((f) => (
            <Stack key={f.key} direction="row" sx={{ gap: 1, alignItems: 'center' }}>
              <LocalTimeField
                label={f.label}
                value={values[f.key] ?? ''}
                onChange={(value) => change(f.key, value)}
                testId={`time-input-${f.key}`}
              />
              <Button size="small" onClick={() => change(f.key, '')}>
                {t('teams.clear')}
              </Button>
            </Stack>
          ))}
          <TimeWarnings warnings={warnings.warned} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('teams.cancel')}</Button>
        <Button
          variant="contained"
          onClick={handleSave}
          // A half-typed time would be saved as no time at all.
          disabled={Object.values(values).includes(INVALID_LOCAL_TIME)}
          data-testid="time-save"
        >
          {warnings.saveLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
