import { createContext, useCallback, useContext, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { Chip, CircularProgress } from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import { useTranslation } from 'react-i18next';
import type { SaveStatus } from '../../components/SaveStatusIcon.tsx';

type Report = (id: string, status: SaveStatus) => void;

const SaveReportContext = createContext<Report>(() => undefined);

/** The page's overall state from its fields' states: saving wins, then error, then saved. */
export function overallStatus(statuses: Iterable<SaveStatus>): SaveStatus {
  const all = [...statuses];
  if (all.some((s) => s === 'saving' || s === 'pending')) return 'saving';
  if (all.includes('error')) return 'error';
  if (all.includes('saved')) return 'saved';
  return 'idle';
}

/** Collects the save states of the fields below it and shows them as one indicator. */
export function SaveStatusProvider({ children }: { children: (status: SaveStatus) => ReactNode }) {
  const [statuses, setStatuses] = useState<ReadonlyMap<string, SaveStatus>>(new Map());
  const report = useCallback<Report>((id, status) => {
    setStatuses((prev) => (prev.get(id) === status ? prev : new Map(prev).set(id, status)));
  }, []);
  const status = useMemo(() => overallStatus(statuses.values()), [statuses]);
  return <SaveReportContext.Provider value={report}>{children(status)}</SaveReportContext.Provider>;
}

/** The function a field calls to report its save state. */
export function useSaveReport(): Report {
  return useContext(SaveReportContext);
}

/** The settings page's "saving / saved / error" chip. */
export function SaveIndicator({ status }: { status: SaveStatus }) {
  const { t } = useTranslation();
  const label =
    status === 'saving' || status === 'pending'
      ? t('save.saving')
      : status === 'saved'
        ? t('save.saved')
        : status === 'error'
          ? t('save.error')
          : t('save.idle');
  const icon =
    status === 'saving' || status === 'pending' ? (
      <CircularProgress size={14} />
    ) : status === 'saved' ? (
      <CheckIcon />
    ) : status === 'error' ? (
      <ErrorOutlineIcon />
    ) : undefined;
  return (
    <Chip
      data-testid="settings-savestatus"
      data-state={status}
      size="small"
      variant="outlined"
      color={status === 'error' ? 'error' : status === 'saved' ? 'success' : 'default'}
      icon={icon}
      label={label}
      role="status"
      aria-live="polite"
    />
  );
}
