import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { TestDialect } from './app.ts';

/**
 * A fresh database of `dialect` named by a DATABASE_URL, for code that reads its configuration
 * from the environment (the command line): an SQLite file, a PGlite folder, or a new schema on
 * the PostgreSQL server (through the connection's search_path). `cleanup` removes it.
 */
export async function databaseUrlFor(
  dialect: TestDialect,
): Promise<{ url: string; cleanup: () => Promise<void> }> {
  const { config, cleanup } = await dialect.config();
  const tmp = path.join(os.tmpdir(), `rada-test-${randomUUID()}`);
  switch (config.dialect) {
    case 'sqlite':
      return {
        url: `sqlite:${tmp}.sqlite`,
        cleanup: async () => {
          for (const end of ['', '-wal', '-shm']) fs.rmSync(`${tmp}.sqlite${end}`, { force: true });
          await cleanup?.();
        },
      };
    case 'pglite':
      return {
        url: `pglite:${tmp}`,
        cleanup: async () => {
          fs.rmSync(tmp, { recursive: true, force: true });
          await cleanup?.();
        },
      };
    case 'postgres': {
      const url = new URL(config.url);
      if (config.schema) url.searchParams.set('options', `-c search_path=${config.schema}`);
      return { url: url.toString(), cleanup: async () => cleanup?.() };
    }
  }
}
