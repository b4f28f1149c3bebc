import { MenuItem, Stack, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { LocalTimeField } from '../../components/DateTimeField.tsx';
import { ColourPicker } from './ColourPicker.tsx';
import type { TeamForm, TeamFormErrors } from './teamForm.ts';

interface TeamFieldsProps {
  form: TeamForm;
  onChange: (patch: Partial<TeamForm>) => void;
  errors: TeamFormErrors;
  /** The server's error of the nr field (teams.error.nrexists), translated. */
  nrError?: string | null;
  /** What an empty nr becomes: the next free number of a new team. */
  nrPlaceholder?: string;
  /** The event's classes (klassid setting), id → name. */
  classes: Map<string, string>;
}

/** Name, number, class, colour and start and finish times of a team, shared by add and edit. */
export function TeamFields({
  form,
  onChange,
  errors,
  nrError,
  nrPlaceholder,
  classes,
}: TeamFieldsProps) {
  const { t } = useTranslation();
  const classIds = [...classes.keys()];
  if (form.klassid !== '' && !classes.has(form.klassid)) classIds.push(form.klassid);
  const time = (key: 'start' | 'finish', label: string) => (
    <LocalTimeField
      label={label}
      value={form[key]}
      onChange={(value) => onChange({ [key]: value })}
      error={errors[key] ? t(errors[key]) : null}
      clearable
      testId={`team-form-${key}`}
    />
  );
  return (
    <Stack sx={{ gap: 2, pt: 1 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2 }}>
        <TextField
          autoFocus
          required
          size="small"
          label={t('teams.name')}
          value={form.name}
          onChange={(e) => onChange({ name: e.target.value })}
          error={!!errors.name}
          helperText={errors.name ? t(errors.name) : undefined}
          slotProps={{ htmlInput: { 'data-testid': 'team-form-name', maxLength: 200 } }}
          sx={{ flex: 2 }}
        />
        <TextField
          size="small"
          label={t('teams.nr')}
          value={form.nr}
          placeholder={nrPlaceholder}
          onChange={(e) => onChange({ nr: e.target.value })}
          error={!!errors.nr || !!nrError}
          helperText={
            nrError ??
            (errors.nr ? t(errors.nr) : nrPlaceholder ? t('teams.form.nrauto') : undefined)
          }
          slotProps={{
            inputLabel: nrPlaceholder ? { shrink: true } : undefined,
            htmlInput: { 'data-testid': 'team-form-nr' },
          }}
          sx={{ flex: 1 }}
        />
      </Stack>
      {classIds.length > 0 && (
        <TextField
          select
          size="small"
          label={t('teams.klass')}
          value={form.klassid}
          onChange={(e) => onChange({ klassid: e.target.value })}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          data-testid="team-form-klass"
        >
          <MenuItem value="">{t('teams.noklass')}</MenuItem>
          {classIds.map((id) => (
            <MenuItem key={id} value={id}>
              {classes.get(id) ?? id}
            </MenuItem>
          ))}
        </TextField>
      )}
      <ColourPicker value={form.col} onChange={(col) => onChange({ col })} error={errors.col} />
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2 }}>
        {time('start', t('teams.start'))}
        {time('finish', t('teams.finish'))}
      </Stack>
    </Stack>
  );
}
