import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import { useMutateOnce, useSubmitOnce } from './useSubmitOnce.ts';

/** A request that stays in flight until `finish` is called. */
function deferred<T>() {
  let finish!: (v: T) => void;
  let fail!: (e: unknown) => void;
  const promise = new Promise<T>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  return { promise, finish, fail };
}

describe('useSubmitOnce', () => {
  afterEach(cleanup);

  it('drops a second call made before the first settles, even within one render', async () => {
    const { result } = renderHook(() => useSubmitOnce());
    const calls: number[] = [];
    const first = deferred<void>();
    await act(async () => {
      // Two calls from the same render: no re-render between them (two clicks in one frame).
      void result.current.run(() => {
        calls.push(1);
        return first.promise;
      });
      void result.current.run(() => {
        calls.push(2);
        return Promise.resolve();
      });
    });
    expect(calls).toEqual([1]);
    expect(result.current.pending).toBe(true);
    await act(async () => first.finish());
    expect(result.current.pending).toBe(false);
    // Once settled, the next submit goes through.
    await act(() => result.current.run(async () => void calls.push(3)));
    expect(calls).toEqual([1, 3]);
  });

  it('releases the guard when the submit fails', async () => {
    const { result } = renderHook(() => useSubmitOnce());
    await act(async () => {
      await result.current.run(() => Promise.reject(new Error('x'))).catch(() => undefined);
    });
    expect(result.current.pending).toBe(false);
    let ran = false;
    await act(() => result.current.run(async () => void (ran = true)));
    expect(ran).toBe(true);
  });
});

describe('useMutateOnce', () => {
  afterEach(cleanup);

  it('sends one request for two quick calls and runs the callbacks once', async () => {
    const requests: string[] = [];
    const answer = deferred<string>();
    const mutation = {
      isPending: false,
      mutateAsync: (v: string) => {
        requests.push(v);
        return answer.promise;
      },
    };
    const { result } = renderHook(() => useMutateOnce(mutation));
    const done: string[] = [];
    await act(async () => {
      result.current.mutate('a', { onSuccess: (d) => done.push(d) });
      result.current.mutate('b', { onSuccess: (d) => done.push(d) });
    });
    expect(requests).toEqual(['a']);
    expect(result.current.pending).toBe(true);
    await act(async () => answer.finish('created'));
    expect(done).toEqual(['created']);
    expect(result.current.pending).toBe(false);
  });

  it('hands a refused request to onError, not to onSuccess', async () => {
    const mutation = { isPending: false, mutateAsync: () => Promise.reject(new Error('409')) };
    const { result } = renderHook(() => useMutateOnce(mutation));
    const seen: string[] = [];
    await act(async () => {
      result.current.mutate(undefined, {
        onSuccess: () => seen.push('ok'),
        onError: (e) => seen.push((e as Error).message),
      });
    });
    expect(seen).toEqual(['409']);
  });
});
