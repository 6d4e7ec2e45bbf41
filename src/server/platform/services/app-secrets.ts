import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/db.js';

const kept = new WeakMap<Queryable, Map<string, Promise<string>>>();

/**
 * A secret of this installation kept in the database under `name`: the first process to ask
 * inserts `make()`'s value, every later one (and every concurrent one) reads the stored value,
 * so every API process signs and verifies alike. Read once per process and database. Read it
 * before opening a transaction (PGlite has one connection).
 */
export function keptSecret(db: Queryable, name: string, make: () => string): Promise<string> {
  let byName = kept.get(db);
  if (!byName) {
    byName = new Map();
    kept.set(db, byName);
  }
  let value = byName.get(name);
  if (!value) {
    value = (async () => {
      await db.query('INSERT INTO app_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
        name,
        make(),
      ]);
      const row = await db.one<{ value: string }>('SELECT value FROM app_secrets WHERE name = $1', [name]);
      return row!.value;
    })();
    value.catch(() => byName.delete(name));
    byName.set(name, value);
  }
  return value;
}

/** A 32-byte signing key of this installation, made once under `name` (see `keptSecret`). */
export async function signingKey(db: Queryable, name: string): Promise<Uint8Array> {
  const value = await keptSecret(db, name, () => randomBytes(32).toString('base64'));
  return new Uint8Array(Buffer.from(value, 'base64'));
}
