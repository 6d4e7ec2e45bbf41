import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Config } from '../../config.js';

/**
 * Where uploaded bytes live. The folder implementation is the default; an S3-compatible one
 * implements the same three calls. Keys are ours (random), never a client's file name.
 */
export interface FileStorage {
  put(key: string, data: Buffer): Promise<void>;
  /** The bytes, or null when the key holds nothing. */
  get(key: string): Promise<Buffer | null>;
  remove(key: string): Promise<void>;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]{0,200}$/;

function checkedKey(key: string): string {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`invalid storage key: ${key}`);
  return key;
}

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
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}

const shared = new Map<string, FileStorage>();

/** The storage of this configuration: `${dataDir}/files` (one instance per folder). */
export function storageFor(config: Pick<Config, 'dataDir'>): FileStorage {
  const root = resolve(config.dataDir, 'files');
  let storage = shared.get(root);
  if (!storage) {
    storage = folderStorage(root);
    shared.set(root, storage);
  }
  return storage;
}
