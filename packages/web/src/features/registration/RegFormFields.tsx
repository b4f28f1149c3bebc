import {
  Box,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  TextField,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { RegField } from '@rada/core';
import { fieldErrorText, fieldLabel } from './regForm.ts';
import type { RegDraft, RegDraftValue } from './regForm.ts';

/** Up to this many choices show as radio buttons, more as a drop-down list. */
const RADIO_MAX = 5;

interface RegFormFieldsProps {
  fields: readonly RegField[];
  draft: RegDraft;
  onChange: (id: string, value: RegDraftValue) => void;
  /** Field id → translation key of its problem. */
  errors: Record<string, string>;
  /** Marks required fields (the organiser's edit dialog does not enforce them). */
  markRequired: boolean;
  disabled?: boolean;
}

/**
 * The inputs of the registration form in the given order, one per field type: text, number,
 * a tick box, a single choice (radio buttons or a list) and a multiple choice (tick boxes).
 * Each field sits in a box with data-testid `reg-field-<id>`.
 */
export function RegFormFields({
  fields,
  draft,
  onChange,
  errors,
  markRequired,
  disabled,
}: RegFormFieldsProps) {
  return (
    <Stack spacing={2}>
      {fields.map((f) => (
        <Box key={f.id} data-testid={`reg-field-${f.id}`}>
          <RegFieldInput
            field={f}
            value={draft[f.id]}
            onChange={(v) => onChange(f.id, v)}
            error={errors[f.id] ?? null}
            required={markRequired && f.required}
            disabled={disabled}
          />
        </Box>
      ))}
    </Stack>
  );
}

interface RegFieldInputProps {
  field: RegField;
  value: RegDraftValue | undefined;
  onChange: (value: RegDraftValue) => void;
  error: string | null;
  required: boolean;
  disabled?: boolean;
}

function RegFieldInput({ field, value, onChange, error, required, disabled }: RegFieldInputProps) {
  const { t } = useTranslation();
  const label = fieldLabel(t, field);
  const errorText = error ? fieldErrorText(t, error) : null;
  const helper = errorText ?? (field.hint || undefined);
  const text = typeof value === 'string' ? value : '';

  switch (field.muitype) {
    case 'text':
    case 'number':
      return (
        <TextField
          fullWidth
          label={label}
          value={text}
          onChange={(e) => onChange(e.target.value)}
          required={required}
          disabled={disabled}
          error={errorText !== null}
          helperText={helper}
          type={field.muitype === 'number' ? 'number' : field.id === 'email' ? 'email' : 'text'}
          autoComplete={
            field.id === 'email'
              ? 'email'
              : field.id === 'phone'
                ? 'tel'
                : field.id === 'teamname'
                  ? 'off'
                  : undefined
          }
          slotProps={{ htmlInput: { maxLength: 1000 } }}
        />
      );
    case 'boolean':
      return (
        <FormControl error={errorText !== null} required={required} disabled={disabled}>
          <FormControlLabel
            control={
              <Checkbox checked={value === true} onChange={(e) => onChange(e.target.checked)} />
            }
            label={required ? `${label} *` : label}
          />
          {helper && <FormHelperText sx={{ mt: 0 }}>{helper}</FormHelperText>}
        </FormControl>
      );
    case 'single':
      if (field.choices.length > RADIO_MAX) {
        return (
          <TextField
            select
            fullWidth
            label={label}
            value={field.choices.includes(text) ? text : ''}
            onChange={(e) => onChange(e.target.value)}
            required={required}
            disabled={disabled}
            error={errorText !== null}
            helperText={helper}
          >
            <MenuItem value="">
              <em>{t('reg.nochoice')}</em>
            </MenuItem>
            {field.choices.map((c) => (
              <MenuItem key={c} value={c}>
                {c}
              </MenuItem>
            ))}
          </TextField>
        );
      }
      return (
        <FormControl error={errorText !== null} required={required} disabled={disabled}>
          <FormLabel>{label}</FormLabel>
          <RadioGroup value={text} onChange={(e) => onChange(e.target.value)}>
            {field.choices.map((c) => (
              <FormControlLabel key={c} value={c} control={<Radio size="small" />} label={c} />
            ))}
          </RadioGroup>
          {helper && <FormHelperText sx={{ mt: 0 }}>{helper}</FormHelperText>}
        </FormControl>
      );
    case 'multiple': {
      const ticked = Array.isArray(value) ? value : [];
      return (
        <FormControl
          component="fieldset"
          error={errorText !== null}
          required={required}
          disabled={disabled}
        >
          <FormLabel component="legend">{label}</FormLabel>
          <FormGroup>
            {field.choices.map((c) => (
              <FormControlLabel
                key={c}
                label={c}
                control={
                  <Checkbox
                    size="small"
                    checked={ticked.includes(c)}
                    onChange={(e) =>
                      onChange(e.target.checked ? [...ticked, c] : ticked.filter((x) => x !== c))
                    }
                  />
                }
              />
            ))}
          </FormGroup>
          {helper && <FormHelperText sx={{ mt: 0 }}>{helper}</FormHelperText>}
        </FormControl>
      );
    }
  }
}
