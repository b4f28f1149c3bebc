import { useRef } from 'react';
import { Button, FormControlLabel, Radio, RadioGroup } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { IMPORT_MODES } from '@rada/core';
import type { ImportMode } from '@rada/core';

/**
 * An import dialog's "Choose file" button and its hidden file input (test ids
 * `<testId>-choose` and `<testId>-file`). The input is emptied after each pick, so the same file
 * can be chosen again.
 */
export function FileChooser({
  label,
  accept,
  testId,
  onFile,
}: {
  label: string;
  accept: string;
  testId: string;
  onFile: (file: File | undefined) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<UploadFileIcon />}
        onClick={() => input.current?.click()}
        data-testid={`${testId}-choose`}
      >
        {label}
      </Button>
      <input
        ref={input}
        type="file"
        hidden
        accept={accept}
        data-testid={`${testId}-file`}
        onChange={(e) => {
          onFile(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
    </>
  );
}

/** The import modes (add, merge, replace) as a row of radio buttons (`<testId>-mode-<mode>`). */
export function ImportModeChoice({
  mode,
  onChange,
  label,
  modeLabel,
  testId,
}: {
  mode: ImportMode;
  onChange: (mode: ImportMode) => void;
  label: string;
  modeLabel: (mode: ImportMode) => string;
  testId: string;
}) {
  return (
    <RadioGroup
      row
      value={mode}
      onChange={(e) => onChange(e.target.value as ImportMode)}
      aria-label={label}
    >
      {IMPORT_MODES.map((m) => (
        <FormControlLabel
          key={m}
          value={m}
          control={
            <Radio slotProps={{ input: { 'data-testid': `${testId}-mode-${m}` } as object }} />
          }
          label={modeLabel(m)}
        />
      ))}
    </RadioGroup>
  );
}
