/**
 * An S3-compatible server for tests: s3rver in this process, on a free port, keeping its objects
 * in a temporary folder, with one bucket made. Its credentials are s3rver's fixed pair.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { S3Client } from '@aws-sdk/client-s3';
import { s3Client } from '../../src/server/platform/services/storage-s3.js';

interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverClass = new (options: {
  port: number;
  address: string;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string }[];
}) => S3rverInstance;
const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass;

export const S3RVER_KEY = 'S3RVER';

export async function startS3(bucket = 'porton-test'): Promise<{
  bucket: string;
  endpoint: string;
  /** The SDK's variables that point a process at this server. */
  env: Record<string, string>;
  client: () => S3Client;
  directory: string;
  stop: () => Promise<void>;
}> {
  const directory = mkdtempSync(join(tmpdir(), 'porton-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    bucket,
    endpoint,
    env: {
      S3_BUCKET: bucket,
      AWS_ENDPOINT_URL_S3: endpoint,
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: S3RVER_KEY,
      AWS_SECRET_ACCESS_KEY: S3RVER_KEY,
    },
    client: () =>
      s3Client({
        endpoint,
        region: 'us-east-1',
        credentials: { accessKeyId: S3RVER_KEY, secretAccessKey: S3RVER_KEY },
      }),
    directory,
    stop: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
