/** Shared helpers for the benchmarks: each reports its figures and whether it met its target. */
import { performance } from 'node:perf_hooks';

export interface BenchResult {
  name: string;
  ok: boolean;
}

/** The median wall time in milliseconds of `repeat` runs of `fn`. */
export async function medianMs(fn: () => unknown, repeat: number): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < repeat; i++) {
    const t0 = performance.now();
    await fn();
    samples.push(performance.now() - t0);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)]!;
}

/**
 * Signs up an account on the platform at `baseUrl` (as a person does on its page); answers its
 * user id and session cookie.
 */
export async function signUpAt(
  baseUrl: string,
  email: string,
  displayName: string,
): Promise<{ uid: string; cookie: string }> {
  const signup = await fetch(`${baseUrl}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'bench password 1', displayName }),
  });
  if (!signup.ok) throw new Error(`signup: ${signup.status} ${await signup.text()}`);
  const { uid } = (await signup.json()) as { uid: string };
  return { uid, cookie: signup.headers.getSetCookie()[0]!.split(';')[0]! };
}
