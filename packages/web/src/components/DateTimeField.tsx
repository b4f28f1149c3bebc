import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import type { Dayjs } from 'dayjs';

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

/** A DateTimePicker (AdapterDayjs) with the app's format, error text and test id. */
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
  return (
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
  );
}
