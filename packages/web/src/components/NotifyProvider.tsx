import { createContext, useCallback, useContext, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { Alert, Snackbar } from '@mui/material';

export type NotifySeverity = 'success' | 'error' | 'info';

interface Notice {
  id: number;
  message: string;
  severity: NotifySeverity;
  persistent: boolean;
}

/** A persistent notice stays until it is closed (spec 02: an error adding a cup event). */
type Notify = (
  message: string,
  severity?: NotifySeverity,
  options?: { persistent?: boolean },
) => void;

const NotifyContext = createContext<Notify>(() => undefined);

/** Shows one snackbar at a time for messages raised anywhere below it. */
export function NotifyProvider({ children }: { children: ReactNode }) {
  const [notice, setNotice] = useState<Notice | null>(null);
  const [open, setOpen] = useState(false);
  const notify = useCallback<Notify>((message, severity = 'success', options) => {
    setNotice({ id: Date.now(), message, severity, persistent: options?.persistent === true });
    setOpen(true);
  }, []);
  const value = useMemo(() => notify, [notify]);
  return (
    <NotifyContext.Provider value={value}>
      {children}
      <Snackbar
        key={notice?.id}
        open={open}
        autoHideDuration={notice?.persistent ? null : notice?.severity === 'error' ? 8000 : 4000}
        onClose={(_e, reason) => {
          if (reason !== 'clickaway') setOpen(false);
        }}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert
          data-testid="snackbar"
          data-severity={notice?.severity}
          severity={notice?.severity ?? 'info'}
          variant="filled"
          onClose={() => setOpen(false)}
        >
          {notice?.message}
        </Alert>
      </Snackbar>
    </NotifyContext.Provider>
  );
}

/** Returns `notify(message, severity, { persistent })`, which shows a snackbar. */
export function useNotify(): Notify {
  return useContext(NotifyContext);
}
