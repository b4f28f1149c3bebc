import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import dayjs from 'dayjs';
import type { Dayjs } from 'dayjs';
import { asLanguage } from '../i18n/index.ts';
import { pickerLocaleText } from '../i18n/pickerLocale.ts';

/** The one date-time format of inputs: day first, 24-hour clock. */
export const DATE_TIME_INPUT_FORMAT = 'DD.MM.YYYY HH:mm';
/** The same with seconds, for start and finish times. */
export const DATE_TIME_SECONDS_FORMAT = 'DD.MM.YYYY HH:mm:ss';
/** A `datetime-local` style text of a time (with seconds), as the team forms keep them. */
const LOCAL_FORMAT = 'YYYY-MM-DDTHH:mm:ss';
/** What a half-typed or impossible date is kept as in those forms (read back as no time). */
export const INVALID_LOCAL_TIME = 'invalid';

interface DateTimeFieldProps {
  label: string;
  value: Dayjs | null;
  onChange: (value: Dayjs | null) => void;
  onBlur?: () => void;
  /** Translated error text shown under the field. */
  error?: string | null;
  helperText?: string;
  clearable?: boolean;
  disabled?: boolean;
  /** Seconds are shown and chosen too (start and finish times). */
  seconds?: boolean;
  /** data-testid of the field's root element. */
  testId: string;
}

/**
 * A DateTimePicker (AdapterDayjs, in the interface's language) with the app's format, error text
 * and test id. It brings its own LocalizationProvider, so the pickers load only with the pages
 * that have a date field (never with the public pages).
 */
export function DateTimeField({
  label,
  value,
  onChange,
  onBlur,
  error,
  helperText,
  clearable,
  disabled,
  seconds = false,
  testId,
}: DateTimeFieldProps) {
  const { i18n } = useTranslation();
  const lang = asLanguage(i18n.language) ?? 'en';
  return (
    <LocalizationProvider
      dateAdapter={AdapterDayjs}
      adapterLocale={lang}
      localeText={pickerLocaleText(lang)}
    >
      <DateTimePicker
        label={label}
        value={value}
        onChange={(v) => onChange(v)}
        ampm={false}
        format={seconds ? DATE_TIME_SECONDS_FORMAT : DATE_TIME_INPUT_FORMAT}
        {...(seconds
          ? {
              views: ['year', 'month', 'day', 'hours', 'minutes', 'seconds'] as const,
              timeSteps: { minutes: 1, seconds: 1 },
            }
          : {})}
        disabled={disabled}
        slotProps={{
          textField: {
            fullWidth: true,
            size: 'small',
            error: !!error,
            helperText: error ?? helperText,
            onBlur,
            // Test hook on the field's root element; the props type lists no data attributes.
            ...({ 'data-testid': testId } as object),
          },
          field: { clearable: clearable ?? false },
          actionBar: { actions: clearable ? ['clear', 'cancel', 'accept'] : ['cancel', 'accept'] },
        }}
      />
    </LocalizationProvider>
  );
}

/**
 * DateTimeField with seconds over a `YYYY-MM-DDTHH:mm:ss` text ('' for none,
 * INVALID_LOCAL_TIME for a half-typed one, which is shown as an error), as the team dialogs keep
 * their times.
 */
export function LocalTimeField({
  value,
  onChange,
  ...rest
}: Omit<DateTimeFieldProps, 'value' | 'onChange' | 'seconds' | 'error'> & {
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState<Dayjs | null>(null);
  const shown = value === INVALID_LOCAL_TIME ? typed : value === '' ? null : dayjs(value);
  return (
    <DateTimeField
      {...rest}
      seconds
      value={shown}
      error={rest.error ?? (value === INVALID_LOCAL_TIME ? t('starttime.error.invalid') : null)}
      onChange={(d) => {
        setTyped(d);
        onChange(d === null ? '' : d.isValid() ? d.format(LOCAL_FORMAT) : INVALID_LOCAL_TIME);
      }}
    />
  );
}
