import { Suspense, createContext, lazy, useCallback, useContext, useState } from 'react';
import type { ReactNode } from 'react';

// Loaded when first opened: the public pages' visitors mostly never sign in.
const SignInDialog = lazy(() =>
  import('./SignInDialog.tsx').then((m) => ({ default: m.SignInDialog })),
);

const SignInContext = createContext<() => void>(() => undefined);

/** Owns the one sign-in dialog; anything below may open it with `useOpenSignIn()`. */
export function SignInProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  // A fresh dialog (empty form) each time it is opened.
  const [generation, setGeneration] = useState(0);
  const openSignIn = useCallback(() => {
    setGeneration((g) => g + 1);
    setOpen(true);
    setOpened(true);
  }, []);
  const handleClose = useCallback(() => setOpen(false), []);
  return (
    <SignInContext.Provider value={openSignIn}>
      {children}
      {opened && (
        <Suspense fallback={null}>
          <SignInDialog key={generation} open={open} onClose={handleClose} />
        </Suspense>
      )}
    </SignInContext.Provider>
  );
}

/** Returns a function that opens the sign-in dialog. */
export function useOpenSignIn(): () => void {
  return useContext(SignInContext);
}
