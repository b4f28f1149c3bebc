import { Suspense, createContext, lazy, useCallback, useContext, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { ERROR_KEYS, SIGNIN_ERROR_PARAM } from '@rada/core';

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
  // A provider's sign-in that came back refused (`/?signin_error=key`): the dialog says why.
  const [params, setParams] = useSearchParams();
  const [initialError, setInitialError] = useState<string | null>(null);
  const returnedError = params.get(SIGNIN_ERROR_PARAM);
  useEffect(() => {
    if (!returnedError) return;
    // Only the server's own keys: the address is anyone's to write.
    const known = (ERROR_KEYS as readonly string[]).includes(returnedError);
    setInitialError(known ? returnedError : 'auth.error.oidc');
    openSignIn();
    setParams(
      (p) => {
        p.delete(SIGNIN_ERROR_PARAM);
        return p;
      },
      { replace: true },
    );
  }, [returnedError, openSignIn, setParams]);
  return (
    <SignInContext.Provider value={openSignIn}>
      {children}
      {opened && (
        <Suspense fallback={null}>
          <SignInDialog
            key={generation}
            open={open}
            onClose={handleClose}
            initialError={generation === 1 ? initialError : null}
          />
        </Suspense>
      )}
    </SignInContext.Provider>
  );
}

/** Returns a function that opens the sign-in dialog. */
export function useOpenSignIn(): () => void {
  return useContext(SignInContext);
}
