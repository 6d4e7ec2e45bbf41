import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/db.js';

const keys = new WeakMap<Queryable, Map<string, Promise<Uint8Array>>>();

/**
 * A signing key of this installation, made once under `name` and kept in the database, so every
 * API process signs and verifies alike. Read it before opening a transaction (PGlite has one
 * connection).
 */
export function signingKey(db: Queryable, name: string): Promise<Uint8Array> {
  let byName = keys.get(db);
  if (!byName) {
    byName = new Map();
    keys.set(db, byName);
  }
  let key = byName.get(name);
  if (!key) {
    key = (async () => {
      await db.query('INSERT INTO app_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
        name,
        randomBytes(32).toString('base64'),
      ]);
      const row = await db.one<{ value: string }>('SELECT value FROM app_secrets WHERE name = $1', [name]);
      return new Uint8Array(Buffer.from(row!.value, 'base64'));
    })();
    key.catch(() => byName.delete(name));
    byName.set(name, key);
  }
  return key;
}
