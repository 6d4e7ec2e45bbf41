import { createReadStream } from 'node:fs';
import type { Dirent } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { S3Client } from '@aws-sdk/client-s3';
import { s3ObjectSize, s3Put } from './storage-s3.js';
import { checkedKey } from './storage.js';

export interface CopyReport {
  copied: number;
  skipped: number;
  bytes: number;
}

async function* filesUnder(dir: string): AsyncGenerator<string> {
  let entries: Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else if (entry.isFile()) yield path;
  }
}

/**
 * Copies a files folder into the bucket under the same keys, each file streamed. Safe to repeat:
 * an object already there with the same size is skipped. A file whose name is not a storage key
 * stops the copy (the folder holds only keys the app made).
 */
export async function copyFolderToS3(
  root: string,
  client: S3Client,
  bucket: string,
  progress: (key: string, copied: boolean) => void = () => undefined,
): Promise<CopyReport> {
  const report: CopyReport = { copied: 0, skipped: 0, bytes: 0 };
  for await (const path of filesUnder(root)) {
    const key = checkedKey(relative(root, path).split(sep).join('/'));
    const { size } = await stat(path);
    if ((await s3ObjectSize(client, bucket, key)) === size) {
      report.skipped++;
      progress(key, false);
      continue;
    }
    await s3Put(client, bucket, key, createReadStream(path), size);
    report.copied++;
    report.bytes += size;
    progress(key, true);
  }
  return report;
}
