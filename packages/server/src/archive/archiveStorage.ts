import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * One archive tier: files by path (`{eventId}/{file}`). The first tier is a folder; the second a
 * folder or S3-compatible object storage.
 */
export interface ArchiveStorage {
  /** Where the tier is, for the log (a folder, or s3://bucket/prefix). */
  readonly name: string;
  /** Where an event's files are: the folder, or the S3 address and its console (storage link). */
  place(eventId: string): { kind: 'folder' | 's3'; location: string; consoleUrl: string | null };
  write(file: string, bytes: Uint8Array): Promise<void>;
  /** The file's bytes, or undefined when there is no such file. */
  read(file: string): Promise<Uint8Array | undefined>;
  /** The files under `dir` (paths relative to the tier). */
  list(dir: string): Promise<string[]>;
  /** The events (folders) that have files in the tier. */
  folders(): Promise<string[]>;
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
    place: (eventId) => ({
      kind: 'folder',
      location: path.join(path.resolve(root), eventId),
      consoleUrl: null,
    }),
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
    async folders() {
      try {
        const entries = await fs.readdir(root, { withFileTypes: true });
        return entries.filter((e) => e.isDirectory()).map((e) => e.name);
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

/** Where a second tier in S3-compatible object storage is (ARCHIVE2_S3_*, config.ts). */
export interface S3TierConfig {
  bucket: string;
  /** The service's URL (MinIO, Garage, another provider); AWS's own when null. */
  endpoint: string | null;
  region: string;
  /** Put before every path, e.g. `rada/` (empty for the bucket's root). */
  prefix: string;
  /** Keys; the SDK's own sources (environment, profile, instance role) when null. */
  accessKeyId: string | null;
  secretAccessKey: string | null;
  /** Addresses as endpoint/bucket/key (MinIO and most self-hosted services) instead of bucket.host. */
  pathStyle: boolean;
}

/**
 * A tier in S3-compatible object storage (@aws-sdk/client-s3), loaded only when one is
 * configured. Checksums only where the protocol requires them: several S3-compatible services do
 * not know the SDK's newer default ones.
 */
export async function s3Storage(config: S3TierConfig): Promise<ArchiveStorage> {
  const s3 = await import('@aws-sdk/client-s3');
  const client = new s3.S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.pathStyle,
    ...(config.accessKeyId && config.secretAccessKey
      ? {
          credentials: {
            accessKeyId: config.accessKeyId,
            secretAccessKey: config.secretAccessKey,
          },
        }
      : {}),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const key = (file: string) => {
    if (file.split('/').some((part) => part === '..' || part === '')) {
      throw new Error(`archive path outside the tier: ${file}`);
    }
    return `${config.prefix}${file}`;
  };
  return {
    name: `s3://${config.bucket}/${config.prefix}`,
    place: (eventId) => ({
      kind: 's3',
      location: `s3://${config.bucket}/${key(eventId)}/`,
      // AWS's own S3 has a console at a known address; another provider's is its own business.
      consoleUrl:
        config.endpoint === null
          ? `https://s3.console.aws.amazon.com/s3/buckets/${encodeURIComponent(config.bucket)}` +
            `?region=${encodeURIComponent(config.region)}` +
            `&prefix=${encodeURIComponent(`${key(eventId)}/`)}`
          : null,
    }),
    async write(file, bytes) {
      await client.send(
        new s3.PutObjectCommand({ Bucket: config.bucket, Key: key(file), Body: bytes }),
      );
    },
    async read(file) {
      try {
        const answer = await client.send(
          new s3.GetObjectCommand({ Bucket: config.bucket, Key: key(file) }),
        );
        return answer.Body ? await answer.Body.transformToByteArray() : new Uint8Array();
      } catch (e) {
        if (e instanceof s3.NoSuchKey || (e as { name?: string }).name === 'NotFound') {
          return undefined;
        }
        throw e;
      }
    },
    async list(dir) {
      const files: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new s3.ListObjectsV2Command({
            Bucket: config.bucket,
            Prefix: `${key(dir)}/`,
            ContinuationToken: token,
          }),
        );
        for (const o of page.Contents ?? []) {
          if (o.Key) files.push(o.Key.slice(config.prefix.length));
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return files;
    },
    async folders() {
      const names: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new s3.ListObjectsV2Command({
            Bucket: config.bucket,
            Prefix: config.prefix,
            Delimiter: '/',
            ContinuationToken: token,
          }),
        );
        for (const p of page.CommonPrefixes ?? []) {
          if (p.Prefix) names.push(p.Prefix.slice(config.prefix.length, -1));
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return names;
    },
    async remove(file) {
      await client.send(new s3.DeleteObjectCommand({ Bucket: config.bucket, Key: key(file) }));
    },
  };
}
