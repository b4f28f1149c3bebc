import { useState } from 'react';
import { Button, Stack, TextField } from '@mui/material';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import { useTranslation } from 'react-i18next';
import { isCodeShape, normalizeCodeInput } from './joinCodeText.ts';

interface CodeEntryFormProps {
  onSubmit: (code: string) => void;
  /** An error to show under the field, e.g. the code was not found. */
  error?: string;
  busy?: boolean;
  testId: string;
  initial?: string;
  /** Called on every edit, e.g. to clear an earlier lookup's error. */
  onEdit?: () => void;
}

/** A field to type a join code (upper-cased as typed) and a button to go on with it. */
export function CodeEntryForm({
  onSubmit,
  error,
  busy,
  testId,
  initial = '',
  onEdit,
}: CodeEntryFormProps) {
  const { t } = useTranslation();
  const [code, setCode] = useState(initial);
  const [tried, setTried] = useState(false);
  const bad = tried && !isCodeShape(code);
  return (
    <Stack
      component="form"
      direction="row"
      sx={{ gap: 1, alignItems: 'flex-start' }}
      onSubmit={(e) => {
        e.preventDefault();
        setTried(true);
        if (isCodeShape(code)) onSubmit(code);
      }}
    >
      <TextField
        size="small"
        label={t('joinc.code')}
        value={code}
        onChange={(e) => {
          setCode(normalizeCodeInput(e.target.value));
          onEdit?.();
        }}
        error={bad || !!error}
        helperText={bad ? t('joinc.create.badcode') : error}
        sx={{ flex: 1, minWidth: 0 }}
        slotProps={{
          htmlInput: {
            'data-testid': `${testId}-input`,
            autoCapitalize: 'characters',
            autoComplete: 'off',
            spellCheck: false,
            style: { fontFamily: 'monospace', letterSpacing: '0.1em' },
          },
        }}
      />
      <Button
        type="submit"
        variant="contained"
        endIcon={<ArrowForwardIcon />}
        loading={busy}
        data-testid={`${testId}-go`}
        sx={{ whiteSpace: 'nowrap', mt: '1px' }}
      >
        {t('joinc.entry.go')}
      </Button>
    </Stack>
  );
}
