import { useState } from 'react';
import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormHelperText,
  InputAdornment,
  Stack,
  TextField,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { limitOf } from './areaDraft.ts';
import type { AreaForm } from './areaDraft.ts';

/** Name, limit, restricted and timed of a speed area; `onSave` gets the form once it is valid. */
export function SpeedAreaDialog({
  open,
  initial,
  eventLimit,
  saving,
  onSave,
  onClose,
}: {
  open: boolean;
  initial: AreaForm;
  /** The event's limit in force; null: none. */
  eventLimit: number | null;
  saving: boolean;
  onSave: (form: AreaForm) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form, setForm] = useState(initial);
  const limitBad = limitOf(form) === undefined;
  const nameBad = form.name.trim() === '';
  const set = (patch: Partial<AreaForm>) => setForm((f) => ({ ...f, ...patch }));
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" data-testid="speed-area-dialog">
      <DialogTitle>{t('speedareas.dialog.title')}</DialogTitle>
      <DialogContent>
        <Stack
          component="form"
          id="speed-area-form"
          sx={{ gap: 2, pt: 1 }}
          onSubmit={(e) => {
            e.preventDefault();
            if (!limitBad && !nameBad) onSave(form);
          }}
        >
          <TextField
            label={t('speedareas.name')}
            value={form.name}
            onChange={(e) => set({ name: e.target.value })}
            autoFocus
            required
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
          <TextField
            label={t('speedareas.limit')}
            value={form.limit}
            onChange={(e) => set({ limit: e.target.value })}
            error={limitBad}
            helperText={
              limitBad
                ? t('speedareas.limit.bad')
                : eventLimit === null
                  ? t('speedareas.limit.help.none')
                  : t('speedareas.limit.help', { limit: eventLimit })
            }
            slotProps={{
              htmlInput: { inputMode: 'decimal' },
              input: { endAdornment: <InputAdornment position="end">km/h</InputAdornment> },
            }}
          />
          <FormControlLabel
            control={
              <Checkbox
                checked={form.restricted}
                onChange={(e) => set({ restricted: e.target.checked })}
              />
            }
            label={t('speedareas.restricted')}
          />
          <FormHelperText sx={{ mt: -2 }}>{t('speedareas.restricted.help')}</FormHelperText>
          <FormControlLabel
            control={
              <Checkbox checked={form.timed} onChange={(e) => set({ timed: e.target.checked })} />
            }
            label={t('speedareas.timed')}
          />
          <FormHelperText sx={{ mt: -2 }}>{t('speedareas.timed.help')}</FormHelperText>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button
          type="submit"
          form="speed-area-form"
          variant="contained"
          disabled={saving || limitBad || nameBad}
        >
          {t('speedareas.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
