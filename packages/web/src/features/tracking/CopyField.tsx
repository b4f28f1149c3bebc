import { IconButton, InputAdornment, TextField, Tooltip } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../components/NotifyProvider.tsx';

/** A read-only address with a copy button (the app's URL, the forwarding URL). */
export function CopyField({
  label,
  value,
  testId,
}: {
  label: string;
  value: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const handleCopy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      notify(t('tracking.copied'));
    } catch {
      notify(t('tracking.copyfailed'), 'error');
    }
  };
  return (
    <TextField
      fullWidth
      size="small"
      label={label}
      value={value}
      onFocus={(e) => e.target.select()}
      slotProps={{
        htmlInput: { readOnly: true, 'data-testid': testId, spellCheck: false },
        input: {
          sx: { fontFamily: 'monospace', fontSize: '0.85rem' },
          endAdornment: (
            <InputAdornment position="end">
              <Tooltip title={t('tracking.copy')}>
                <IconButton
                  edge="end"
                  aria-label={t('tracking.copy')}
                  onClick={() => void handleCopy()}
                  data-testid={`${testId}-copy`}
                >
                  <ContentCopyIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
