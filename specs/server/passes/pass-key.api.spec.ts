/**
 * The pass key of an installation: kept in the database, so processes with separate DATA_DIRs
 * sign and verify the same passes; a key an earlier version kept in `DATA_DIR/keys/` is adopted
 * when the database has none; PASS_SIGNING_KEY, when given, wins over both.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FOLDER_KEY_PATH,
  issuePass,
  newPassKeyPem,
  PASS_KEY_SECRET,
  passKeysFor,
  passKeysOf,
  verifyPass,
} from '../../../src/server/passes/passes.js';
import type { Db, Queryable } from '../../../src/server/platform/db/db.js';
import { openPostgres } from '../../../src/server/platform/db/postgres.js';
import { testApp, type TestApp } from '../../support/test-app.js';

let t: TestApp;
const dirs: string[] = [];
const closers: Db[] = [];
/** Another process's data folder: empty. */
const otherDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'porton-passkey-'));
  dirs.push(dir);
  return dir;
};
/**
 * Another process's connection to the same database: a second pool on PostgreSQL; on PGlite (one
 * connection) a separate handle over it, which shares no per-process cache with the app's.
 */
async function otherProcessDb(): Promise<Queryable> {
  if (t.url) {
    const db = await openPostgres(t.url);
    closers.push(db);
    return db;
  }
  return Object.create(t.db) as Queryable;
}
const folderPem = newPassKeyPem();

beforeAll(async () => {
  t = await testApp();
  // An earlier version kept its key in the app's folder; nothing has asked for the key yet.
  mkdirSync(join(t.config.dataDir, 'keys'), { recursive: true });
  writeFileSync(join(t.config.dataDir, FOLDER_KEY_PATH), folderPem, { mode: 0o600 });
});
afterAll(async () => {
  for (const db of closers) await db.close();
  await t?.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const claims = () => ({
  kind: 'massiveEventGuest' as const,
  community: randomUUID(),
  subject: randomUUID(),
  notBefore: 1_000_000,
  notAfter: 1_050_000,
});

describe('the pass key', () => {
  it('adopts the key an earlier version kept in DATA_DIR/keys when the database has none', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/passes/publicKey' });
    expect(res.statusCode).toBe(200);
    expect(res.json().keyId).toBe(passKeysOf(folderPem).keyId);
    const row = await t.db.one<{ value: string }>('SELECT value FROM app_secrets WHERE name = $1', [PASS_KEY_SECRET]);
    expect(row?.value).toBe(folderPem);
  });

  it('is the same for processes with separate DATA_DIRs: a pass drawn on one checks on the other', async () => {
    const [a, b] = await Promise.all([
      passKeysFor(await otherProcessDb(), { dataDir: otherDir(), passSigningKey: undefined }),
      passKeysFor(await otherProcessDb(), { dataDir: otherDir(), passSigningKey: undefined }),
    ]);
    expect(b.keyId).toBe(a.keyId);
    expect(a.keyId).toBe(passKeysOf(folderPem).keyId);
    const c = claims();
    const pass = issuePass(a, c);
    expect(verifyPass(b, pass, { kind: c.kind, community: c.community, at: 1_020_000 }).ok).toBe(true);
    // Neither folder was written: the key lives in the database only.
    for (const dir of dirs) expect(readdirSync(dir)).toEqual([]);
  });

  it('keeps the database key over another folder key: the folder key is adopted once only', async () => {
    const dir = otherDir();
    mkdirSync(join(dir, 'keys'));
    writeFileSync(join(dir, FOLDER_KEY_PATH), newPassKeyPem());
    const keys = await passKeysFor(await otherProcessDb(), { dataDir: dir, passSigningKey: undefined });
    expect(keys.keyId).toBe(passKeysOf(folderPem).keyId);
  });

  it('agrees among processes racing to make it on a database without one', async () => {
    await t.db.query('DELETE FROM app_secrets WHERE name = $1', [PASS_KEY_SECRET]);
    const made = await Promise.all(
      Array.from({ length: 4 }, async () =>
        passKeysFor(await otherProcessDb(), { dataDir: otherDir(), passSigningKey: undefined }),
      ),
    );
    expect(new Set(made.map((k) => k.keyId)).size).toBe(1);
    expect(made[0].keyId).not.toBe(passKeysOf(folderPem).keyId);
  });

  it('is PASS_SIGNING_KEY when given, whatever the database holds', async () => {
    const given = newPassKeyPem();
    const keys = await passKeysFor(await otherProcessDb(), { dataDir: otherDir(), passSigningKey: given });
    expect(keys.keyId).toBe(passKeysOf(given).keyId);
    const row = await t.db.one<{ value: string }>('SELECT value FROM app_secrets WHERE name = $1', [PASS_KEY_SECRET]);
    expect(row?.value).not.toBe(given);
  });
});
