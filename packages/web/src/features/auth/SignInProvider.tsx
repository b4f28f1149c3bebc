import { Suspense, createContext, lazy, useCallback, useContext, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ERROR_KEYS, SIGNIN_ERROR_PARAM } from '@rada/core';
import { api, queryKeys } from '../../api/client.ts';
import { useMe } from './useMe.ts';
import { isParticipantPath, oneTapDismissed } from './oneTapGate.ts';

// Loaded when first opened: the public pages' visitors mostly never sign in.
const SignInDialog = lazy(() =>
  import('./SignInDialog.tsx').then((m) => ({ default: m.SignInDialog })),
);

// Google's prompt and its code load only when the server offers One Tap.
const ONE_TAP_DELAY_MS = 1500;
const OneTap = lazy(() => import('./OneTap.tsx').then((m) => ({ default: m.OneTap })));

/**
 * Google One Tap (docs/sign-in.md) for a signed-out visitor, when the server offers it and the
 * visitor has not closed its prompt in this browser session. Not in the participant app, whose
 * small screen the prompt would cover.
 */
function OneTapGate() {
  const me = useMe();
  const { pathname } = useLocation();
  // After the page's own requests: a slow phone fetches its first rows first.
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(true), ONE_TAP_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  const wanted =
    settled &&
    me.isSuccess &&
    me.data === null &&
    !isParticipantPath(pathname) &&
    !oneTapDismissed();
  // The same query as useConfig's: the sign-in dialog then has it already.
  const config = useQuery({
    queryKey: queryKeys.config,
    queryFn: api.config,
    staleTime: Infinity,
    enabled: wanted,
  });
  const info = config.data?.oneTap;
  if (!wanted || !info) return null;
  return (
    <Suspense fallback={null}>
      <OneTap info={info} />
    </Suspense>
  );
}

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
      <OneTapGate />
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
