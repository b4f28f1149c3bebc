import { MenuItem, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { RegFormView } from '@rada/core';

/**
 * The class a registering team takes part in, among the event's scoring classes; shown only when
 * the event has classes. `error` marks a required class still missing.
 */
export function RegClassField({
  view,
  value,
  onChange,
  error = false,
  disabled = false,
}: {
  view: Pick<RegFormView, 'classes' | 'classRequired'>;
  value: string;
  onChange: (klassid: string) => void;
  error?: boolean;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  if (view.classes.length === 0) return null;
  return (
    <TextField
      select
      fullWidth
      required={view.classRequired}
      label={t('reg.class')}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={error}
      helperText={error ? t('reg.error.classrequired') : t('reg.class.help')}
      disabled={disabled}
      sx={{ mb: 2 }}
      slotProps={{
        select: { SelectDisplayProps: { 'data-testid': 'reg-class' } as object },
        inputLabel: { shrink: true },
      }}
    >
      {!view.classRequired && <MenuItem value="">{t('reg.class.none')}</MenuItem>}
      {view.classes.map((c) => (
        <MenuItem key={c.id} value={c.id} data-testid={`reg-class-option-${c.id}`}>
          {c.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
