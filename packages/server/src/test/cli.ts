import { runCli } from '../cli/main.ts';

/** Runs one command as `npm run rada -- …` would, capturing what it prints. */
export async function cli(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await runCli(
    args,
    { write: (s: string) => (out += s) },
    { write: (s: string) => (err += s) },
  );
  return { code, out, err };
}
