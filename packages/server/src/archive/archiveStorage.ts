import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * One archive tier: files by path (`{eventId}/{file}`). The first tier is a folder; the second a
 * folder or S3-compatible object storage.
 */
export interface ArchiveStorage {
  /** Where the tier is, for the log (a folder, or s3://bucket/prefix). */
  readonly name: string;
  write(file: string, bytes: Uint8Array): Promise<void>;
  /** The file's bytes, or undefined when there is no such file. */
  read(file: string): Promise<Uint8Array | undefined>;
  /** The files under `dir` (paths relative to the tier). */
  list(dir: string): Promise<string[]>;
  remove(file: string): Promise<void>;
}

/** A file name inside one event's folder; refuses anything that could leave it. */
function safePath(root: string, file: string): string {
  const full = path.resolve(root, file);
  if (!full.startsWith(path.resolve(root) + path.sep)) {
    throw new Error(`archive path outside the tier: ${file}`);
  }
  return full;
}

/** A tier in a folder of this machine; a file is written whole (a temporary file renamed). */
export function folderStorage(root: string): ArchiveStorage {
  return {
    name: path.resolve(root),
    async write(file, bytes) {
      const full = safePath(root, file);
      await fs.mkdir(path.dirname(full), { recursive: true });
      const temporary = `${full}.${process.pid}.tmp`;
      await fs.writeFile(temporary, bytes);
      await fs.rename(temporary, full);
    },
    async read(file) {
      try {
        return new Uint8Array(await fs.readFile(safePath(root, file)));
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw e;
      }
    },
    async list(dir) {
      try {
        const names = await fs.readdir(safePath(root, dir));
        return names.filter((n) => !n.endsWith('.tmp')).map((n) => `${dir}/${n}`);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw e;
      }
    },
    async remove(file) {
      await fs.rm(safePath(root, file), { force: true });
      // The event's folder goes with its last file.
      await fs.rmdir(path.dirname(safePath(root, file))).catch(() => undefined);
    },
  };
}
