import { mkdir, open as openFile, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import type { Config } from '../../config.js';

/** A stored file to send as it is read: its bytes as a stream and their count. */
export interface StoredFile {
  body: Readable;
  size: number;
}

/**
 * Where uploaded bytes live: a folder (the default) or an S3-compatible bucket (`S3_BUCKET`),
 * behind the same calls. Keys are ours (random), never a client's file name.
 */
export interface FileStorage {
  put(key: string, data: Buffer): Promise<void>;
  /** The bytes, or null when the key holds nothing. */
  get(key: string): Promise<Buffer | null>;
  /** The bytes as a stream (for answers that send a file as it is read), or null when the key holds nothing. */
  open(key: string): Promise<StoredFile | null>;
  /** Removes the key's bytes; nothing there is no error. */
  remove(key: string): Promise<void>;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]{0,200}$/;

export function checkedKey(key: string): string {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`invalid storage key: ${key}`);
  return key;
}

const absent = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** Files in a folder: `${root}/${key}`. */
export function folderStorage(root: string): FileStorage {
  const base = resolve(root);
  const pathOf = (key: string) => join(base, checkedKey(key));
  return {
    async put(key, data) {
      const path = pathOf(key);
      await mkdir(join(path, '..'), { recursive: true });
      await writeFile(path, data, { mode: 0o600 });
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if (absent(error)) return null;
        throw error;
      }
    },
    async open(key) {
      try {
        const handle = await openFile(pathOf(key), 'r');
        const { size } = await handle.stat();
        return { body: handle.createReadStream(), size };
      } catch (error) {
        if (absent(error)) return null;
        throw error;
      }
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}

/**
 * The bucket's storage, the S3 SDK loaded on its first call: a server that keeps files in a folder
 * never loads it (about a fifth of a second of every start).
 */
function bucketStorage(bucket: string): FileStorage {
  let made: Promise<FileStorage> | undefined;
  // A failed load is not kept: the next call tries again.
  const storage = () =>
    (made ??= import('./storage-s3.js')
      .then(({ s3Storage }) => s3Storage(bucket))
      .catch((error: unknown) => {
        made = undefined;
        throw error;
      }));
  return {
    put: async (key, data) => (await storage()).put(key, data),
    get: async (key) => (await storage()).get(key),
    open: async (key) => (await storage()).open(key),
    remove: async (key) => (await storage()).remove(key),
  };
}

const shared = new Map<string, FileStorage>();

/** The storage of this configuration: the bucket `s3Bucket` when set, else `${dataDir}/files` (one instance each). */
export function storageFor(config: Pick<Config, 'dataDir' | 's3Bucket'>): FileStorage {
  const where = config.s3Bucket ? `s3:${config.s3Bucket}` : resolve(config.dataDir, 'files');
  let storage = shared.get(where);
  if (!storage) {
    storage = config.s3Bucket ? bucketStorage(config.s3Bucket) : folderStorage(where);
    shared.set(where, storage);
  }
  return storage;
}
