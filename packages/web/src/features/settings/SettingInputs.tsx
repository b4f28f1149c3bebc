import {
  Autocomplete,
  Box,
  Chip,
  FormControlLabel,
  FormHelperText,
  InputAdornment,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { DEFAULT_ORDER_RULES, ORDER_RULES } from '@rada/core';
import type { OrderRule } from '@rada/core';

/**
 * The inputs of the settings page, one per kind of value. Each shows a draft, reports edits
 * with `onChange(draft, immediate)` and flushes a waiting save on blur.
 */

interface InputBase {
  label: string;
  testId: string;
  error: string | null;
  disabled?: boolean;
}

/** A text field for numbers, text, long text, number lists and JSON. */
export function TextSettingInput({
  label,
  testId,
  error,
  disabled,
  value,
  onChange,
  onBlur,
  unit,
  helper,
  variant,
}: InputBase & {
  value: string;
  onChange: (text: string) => void;
  onBlur: () => void;
  unit?: string;
  helper?: string;
  variant: 'number' | 'text' | 'longtext' | 'json';
}) {
  const multiline = variant === 'longtext' || variant === 'json';
  return (
    <TextField
      fullWidth
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      onBlur={onBlur}
      error={!!error}
      helperText={error ?? helper}
      disabled={disabled}
      multiline={multiline}
      minRows={multiline ? 3 : undefined}
      maxRows={variant === 'json' ? 16 : 10}
      sx={variant === 'number' ? { maxWidth: 480 } : undefined}
      slotProps={{
        htmlInput: {
          'data-testid': testId,
          inputMode: variant === 'number' ? 'decimal' : undefined,
          spellCheck: variant === 'json' ? false : undefined,
          style: variant === 'json' ? { fontFamily: 'monospace', fontSize: 13 } : undefined,
        },
        input: unit
          ? { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> }
          : undefined,
        // Above the field, so a long label on a phone never runs under the unit.
        inputLabel: unit ? { shrink: true } : undefined,
      }}
    />
  );
}

/** A switch, saved at once. */
export function BoolSettingInput({
  label,
  testId,
  error,
  disabled,
  value,
  onChange,
}: InputBase & { value: boolean; onChange: (checked: boolean) => void }) {
  return (
    <Box>
      <FormControlLabel
        control={
          <Switch
            checked={value}
            onChange={(e) => onChange(e.target.checked)}
            disabled={disabled}
            slotProps={{ input: { 'data-testid': testId } as object }}
          />
        }
        label={label}
      />
      {error && <FormHelperText error>{error}</FormHelperText>}
    </Box>
  );
}

/** A menu of fixed choices, saved at once. */
export function SelectSettingInput({
  label,
  testId,
  error,
  disabled,
  value,
  options,
  optionLabel,
  onChange,
  helper,
}: InputBase & {
  value: string;
  options: readonly string[];
  optionLabel: (option: string) => string;
  onChange: (value: string) => void;
  /** What the chosen option means, under the field. */
  helper?: string;
}) {
  return (
    <TextField
      select
      fullWidth
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={!!error}
      helperText={error ?? helper}
      disabled={disabled}
      sx={{ maxWidth: 480 }}
      slotProps={{
        formHelperText: { 'data-testid': `${testId}-help` } as object,
        select: {
          displayEmpty: options.includes(''),
          SelectDisplayProps: { 'data-testid': testId } as object,
        },
        inputLabel: { shrink: true },
      }}
    >
      {options.map((o) => (
        <MenuItem key={o} value={o} data-testid={`${testId}-option-${o || 'none'}`}>
          {optionLabel(o)}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** One group of a several-number value (a corner of the bounds, the distance rule). */
export interface PartGroup {
  title?: string;
  parts: { part: string; label: string; unit?: string }[];
}

/** Several number fields edited as one value (lat/lng, distance result, bounds). */
export function PartsSettingInput({
  label,
  testId,
  error,
  disabled,
  groups,
  value,
  onChange,
  onBlur,
}: InputBase & {
  groups: PartGroup[];
  value: Record<string, string>;
  onChange: (next: Record<string, string>) => void;
  onBlur: () => void;
}) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {label}
      </Typography>
      <Stack sx={{ gap: 1.5 }}>
        {groups.map((g, i) => (
          <Stack
            key={g.title ?? i}
            direction="row"
            sx={{ gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}
          >
            {g.title && (
              <Typography variant="body2" sx={{ minWidth: 140 }}>
                {g.title}
              </Typography>
            )}
            {g.parts.map(({ part, label: partLabel, unit }) => (
              <TextField
                key={part}
                label={partLabel}
                value={value[part] ?? ''}
                onChange={(e) => onChange({ ...value, [part]: e.target.value })}
                onBlur={onBlur}
                error={!!error}
                disabled={disabled}
                sx={{ width: 180 }}
                slotProps={{
                  htmlInput: { 'data-testid': `${testId}-${part}`, inputMode: 'decimal' },
                  input: unit
                    ? { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> }
                    : undefined,
                }}
              />
            ))}
          </Stack>
        ))}
      </Stack>
      {error && <FormHelperText error>{error}</FormHelperText>}
    </Box>
  );
}

/** Ranking rules in priority order, chosen from ORDER_RULES; empty means the default order. */
export function OrderRulesSettingInput({
  label,
  testId,
  error,
  disabled,
  value,
  onChange,
}: InputBase & { value: OrderRule[]; onChange: (rules: OrderRule[]) => void }) {
  const { t } = useTranslation();
  const ruleLabel = (r: OrderRule) => t(`settings.orderrule.${r}`);
  return (
    <Autocomplete<OrderRule, true>
      multiple
      disableCloseOnSelect
      options={ORDER_RULES}
      value={value}
      onChange={(_e, rules) => onChange(rules)}
      getOptionLabel={ruleLabel}
      disabled={disabled}
      filterSelectedOptions
      renderOption={(props, r) => {
        const { key, ...rest } = props;
        return (
          <li key={key} {...rest} data-testid={`orderrule-option-${r}`}>
            {ruleLabel(r)}
          </li>
        );
      }}
      renderValue={(rules, getItemProps) =>
        rules.map((r, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return (
            <Chip key={key} size="small" label={`${index + 1}. ${ruleLabel(r)}`} {...itemProps} />
          );
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          error={!!error}
          helperText={error ?? t('settings.orderrules.help')}
          placeholder={
            value.length === 0
              ? DEFAULT_ORDER_RULES.map(ruleLabel).join(' › ')
              : t('settings.orderrules.add')
          }
          slotProps={{
            ...params.slotProps,
            inputLabel: { ...params.slotProps.inputLabel, shrink: true },
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': testId },
          }}
        />
      )}
    />
  );
}

/** The props of a setting edited by its own editor over a JSON-text draft (registration form, map, speed ranges). */
export interface DraftEditorProps {
  label: string;
  testId: string;
  error: string | null;
  /** The setting's draft: its value as JSON text. */
  value: string;
  /** Reports a new draft; `immediate` for switches, menus and buttons. */
  onChange: (draft: string, immediate: boolean) => void;
  /** Saves a waiting edit now (a text field lost focus). */
  onBlur: () => void;
}

/** The time zones this browser knows, with `current` among them (a stored zone it lacks). */
function timeZoneOptions(current: string): string[] {
  const known = Intl.supportedValuesOf('timeZone');
  return current === '' || known.includes(current) ? known : [current, ...known];
}

/** A time zone picked from the browser's list and saved at once; cleared, the default. */
export function TimeZoneSettingInput({
  label,
  testId,
  error,
  disabled,
  value,
  placeholder,
  helper,
  onChange,
}: InputBase & {
  value: string;
  /** The zone in force while none is chosen. */
  placeholder: string;
  helper: string;
  onChange: (value: string) => void;
}) {
  const options = timeZoneOptions(value);
  return (
    <Autocomplete<string>
      options={options}
      value={value === '' ? null : value}
      onChange={(_e, zone) => onChange(zone ?? '')}
      disabled={disabled}
      autoHighlight
      sx={{ maxWidth: 480 }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          placeholder={placeholder}
          error={!!error}
          helperText={error ?? helper}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': testId },
            inputLabel: { ...params.slotProps.inputLabel, shrink: true },
          }}
        />
      )}
    />
  );
}
