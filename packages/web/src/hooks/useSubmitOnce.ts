import { useCallback, useRef, useState } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';

/**
 * Guards a submit against re-entry: while one run is in flight a second call is dropped. Two
 * quick clicks can both land before React re-renders the button as disabled (TanStack Query
 * publishes `isPending` a tick later), so a disabled button alone still lets two POSTs through;
 * the ref closes that gap. `pending` is for disabling the button.
 */
export function useSubmitOnce() {
  const inFlight = useRef(false);
  const [pending, setPending] = useState(false);
  const run = useCallback(async (fn: () => Promise<unknown>): Promise<void> => {
    if (inFlight.current) return;
    inFlight.current = true;
    setPending(true);
    try {
      await fn();
    } finally {
      inFlight.current = false;
      setPending(false);
    }
  }, []);
  return { run, pending };
}

/** Per-call callbacks of `useMutateOnce`'s `mutate`, as TanStack Query's. */
export interface MutateOnceOptions<TData> {
  onSuccess?: (data: TData) => unknown;
  onError?: (error: unknown) => unknown;
}

/**
 * A mutation's `mutate` that sends at most one request at a time (see `useSubmitOnce`); the
 * mutation's own callbacks still run. `pending` covers the gap before `isPending` turns true.
 */
export function useMutateOnce<TData, TVariables>(
  mutation: Pick<
    UseMutationResult<TData, unknown, TVariables, unknown>,
    'mutateAsync' | 'isPending'
  >,
) {
  const { run, pending } = useSubmitOnce();
  const { mutateAsync } = mutation;
  const mutate = useCallback(
    (variables: TVariables, options: MutateOnceOptions<TData> = {}) =>
      void run(async () => {
        let data: TData;
        try {
          data = await mutateAsync(variables);
        } catch (e) {
          options.onError?.(e);
          return;
        }
        await options.onSuccess?.(data);
      }),
    [run, mutateAsync],
  );
  return { mutate, pending: pending || mutation.isPending };
}
