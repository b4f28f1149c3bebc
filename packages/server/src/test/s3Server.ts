import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { S3TierConfig } from '../archive/archiveStorage.ts';

/** The part of s3rver (an S3-compatible server in Node, for tests) that the tests use. */
interface S3rverInstance {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
}
type S3rverClass = new (options: Record<string, unknown>) => S3rverInstance;

/** s3rver's fixed credentials. */
const KEY = 'S3RVER';

/**
 * A real S3-compatible server on a free local port with one empty bucket, for the second
 * archive tier's tests: the SDK talks HTTP and signs its requests as with any S3 service.
 */
export async function startS3Server(bucket = 'rada-archive') {
  const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass;
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'rada-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const config: S3TierConfig = {
    bucket,
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    prefix: 'tier2/',
    accessKeyId: KEY,
    secretAccessKey: KEY,
    pathStyle: true,
  };
  return {
    config,
    /** Where the server keeps the objects. */
    directory,
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
