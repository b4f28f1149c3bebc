import { CircularProgress, Tooltip } from '@mui/material';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import { useTranslation } from 'react-i18next';

export type SaveStatus = 'idle' | 'pending' | 'saving' | 'saved' | 'error';

/** A tiny per-field indicator: spinner while saving, a tick once saved, a mark on error. */
export function SaveStatusIcon({ status, testId }: { status: SaveStatus; testId?: string }) {
  const { t } = useTranslation();
  const common = { 'data-testid': testId, 'data-state': status };
  switch (status) {
    case 'pending':
    case 'saving':
      return (
        <Tooltip title={t('save.saving')}>
          <CircularProgress size={14} {...common} />
        </Tooltip>
      );
    case 'saved':
      return (
        <Tooltip title={t('save.saved')}>
          <CheckCircleOutlineIcon fontSize="small" color="success" {...common} />
        </Tooltip>
      );
    case 'error':
      return (
        <Tooltip title={t('save.error')}>
          <ErrorOutlineIcon fontSize="small" color="error" {...common} />
        </Tooltip>
      );
    case 'idle':
      return <span {...common} />;
  }
}
