/**
 * Uploaded bytes in an S3-compatible bucket (AWS S3, MinIO and the like). The client reads the
 * SDK's own variables (AWS_ENDPOINT_URL_S3, AWS_REGION, AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY);
 * addressing is path-style (`endpoint/bucket/key`), which every such server answers, and checksums
 * are sent only where the operation requires them, since servers other than AWS may refuse the
 * SDK's default trailing checksums.
 */
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { checkedKey, type FileStorage, type StoredFile } from './storage.js';

/** An S3 client for S3-compatible servers; `overrides` for tests, otherwise the environment decides. */
export function s3Client(overrides: S3ClientConfig = {}): S3Client {
  return new S3Client({
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    region: process.env.AWS_REGION || 'us-east-1',
    ...overrides,
  });
}

/** A missing key or object answers 404 (NoSuchKey on GET, NotFound on HEAD). */
const isMissing = (error: unknown) =>
  (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404 ||
  ['NoSuchKey', 'NotFound'].includes((error as Error).name);

/** The stored size of `key`, or null when the bucket holds nothing under it. */
export async function s3ObjectSize(client: S3Client, bucket: string, key: string): Promise<number | null> {
  try {
    const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    return head.ContentLength ?? 0;
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

/** Stores `body` (bytes, or a stream of `size` bytes sent as it is read) under `key`. */
export async function s3Put(client: S3Client, bucket: string, key: string, body: Buffer | Readable, size?: number) {
  await client.send(
    new PutObjectCommand({
      Bucket: bucket,
      Key: checkedKey(key),
      Body: body,
      ContentLength: Buffer.isBuffer(body) ? body.length : size,
    }),
  );
}

/** Files as objects of `bucket`, under the same keys the folder uses. */
export function s3Storage(bucket: string, client: S3Client = s3Client()): FileStorage {
  const open = async (key: string): Promise<StoredFile | null> => {
    try {
      const got = await client.send(new GetObjectCommand({ Bucket: bucket, Key: checkedKey(key) }));
      return { body: got.Body as Readable, size: got.ContentLength ?? 0 };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  };
  return {
    put: (key, data) => s3Put(client, bucket, key, data),
    open,
    async get(key) {
      const file = await open(key);
      if (!file) return null;
      const chunks: Buffer[] = [];
      for await (const chunk of file.body) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: checkedKey(key) }));
    },
  };
}
