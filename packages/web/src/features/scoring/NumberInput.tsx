import { useState } from 'react';
import { InputAdornment, TextField } from '@mui/material';

const parse = (text: string): number | null | 'bad' => {
  const s = text.trim().replace(',', '.');
  if (s === '') return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : 'bad';
};

/**
 * A small number field: keeps what is typed, reports a number (or null when emptied) as soon as
 * the text is one, and follows `value` when it changes from outside.
 */
export function NumberInput({
  label,
  value,
  onChange,
  testId,
  unit,
  width = 140,
  min,
  placeholder,
}: {
  label: string;
  value: number | null;
  onChange: (value: number | null) => void;
  testId?: string;
  unit?: string;
  width?: number;
  min?: number;
  /** Shown while empty (the label then stays above the field). */
  placeholder?: string;
}) {
  const [text, setText] = useState(value === null ? '' : String(value));
  const [seen, setSeen] = useState(value);
  // Adopt an outside change (a save, another editor) unless the text already means it.
  if (seen !== value) {
    setSeen(value);
    const current = parse(text);
    if (current !== value) setText(value === null ? '' : String(value));
  }
  const parsed = parse(text);
  const bad = parsed === 'bad' || (min !== undefined && parsed !== null && parsed < min);
  return (
    <TextField
      size="small"
      label={label}
      value={text}
      error={bad}
      placeholder={placeholder}
      onChange={(e) => {
        setText(e.target.value);
        const n = parse(e.target.value);
        if (n !== 'bad' && (min === undefined || n === null || n >= min)) {
          setSeen(n);
          onChange(n);
        }
      }}
      sx={{ width }}
      slotProps={{
        htmlInput: { 'data-testid': testId, inputMode: 'decimal' },
        inputLabel: placeholder !== undefined ? { shrink: true } : undefined,
        input: unit
          ? { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> }
          : undefined,
      }}
    />
  );
}
