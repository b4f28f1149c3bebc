import { Suspense, createContext, lazy, useCallback, useContext, useMemo, useState } from 'react';
import type { ReactNode } from 'react';

// The snackbar loads with the first notice: most visits of a public page raise none.
const NoticeSnackbar = lazy(() =>
  import('./NoticeSnackbar.tsx').then((m) => ({ default: m.NoticeSnackbar })),
);

export type NotifySeverity = 'success' | 'error' | 'info';

export interface Notice {
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
      {notice && (
        <Suspense fallback={null}>
          <NoticeSnackbar
            key={notice.id}
            notice={notice}
            open={open}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </NotifyContext.Provider>
  );
}

/** Returns `notify(message, severity, { persistent })`, which shows a snackbar. */
export function useNotify(): Notify {
  return useContext(NotifyContext);
}
