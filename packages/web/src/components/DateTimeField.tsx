import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { useTranslation } from 'react-i18next';
import type { Dayjs } from 'dayjs';
import { asLanguage } from '../i18n/index.ts';
import { pickerLocaleText } from '../i18n/pickerLocale.ts';

/** The one date-time format of inputs: day first, 24-hour clock. */
export const DATE_TIME_INPUT_FORMAT = 'DD.MM.YYYY HH:mm';

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
        format={DATE_TIME_INPUT_FORMAT}
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
