import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export interface ServerProcess {
  proc: ChildProcess;
  /** http://127.0.0.1:{port} */
  url: string;
  /** Everything the process wrote to stdout so far (its log lines at LOG_LEVEL info). */
  output(): string;
  /** Resolves with the signal that ended the process (null for an exit). */
  exited: Promise<NodeJS.Signals | null>;
}

/**
 * The real server (`packages/server/src/main.ts`, as `npm run serve` starts it) in a process of
 * its own on a free port, with `env` on top of this process's environment: for tests that kill
 * it or run two side by side. `nodeArgs` go to Node before the script (e.g. `--cpu-prof`, which
 * Node 20 refuses in NODE_OPTIONS).
 */
export async function startServerProcess(
  env: Record<string, string>,
  nodeArgs: readonly string[] = [],
): Promise<ServerProcess> {
  const proc = spawn(
    process.execPath,
    [...nodeArgs, '--import', 'tsx', path.join(root, 'packages/server/src/main.ts')],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'silent',
        WEB_DIST: '/nonexistent/rada-web-dist',
        SUPERADMIN_EMAILS: 'nobody@example.com',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  let err = '';
  proc.stderr!.on('data', (c: Buffer) => (err += c.toString()));
  const exited = new Promise<NodeJS.Signals | null>((resolve) =>
    proc.on('exit', (_code, signal) => resolve(signal)),
  );
  const url = await new Promise<string>((resolve, reject) => {
    proc.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /running at http:\/\/localhost:(\d+)/.exec(out);
      if (m) resolve(`http://127.0.0.1:${m[1]}`);
    });
    void exited.then(() => reject(new Error(`server exited: ${err}`)));
  });
  return { proc, url, output: () => out, exited };
}
