/**
 * A lost LISTEN connection (docs/decisions.md, the session cache and the write limit: "A lost LISTEN connection turns
 * the cache off (every request reads the database) and clears it; the connection is reopened every
 * second, and on return everything is re-checked"). PostgreSQL only: PGlite's notifications are
 * in process and cannot be lost. An administrator's connection terminates the app's LISTEN backend;
 * while the app is deaf, changes made straight in the database announce themselves to no one, so
 * only a cache that is off can answer them; once it listens again, the cache serves and the events
 * refresh it. The session cache and the catalogue cache obey the same rule.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { tokenHash } from '../../../src/server/platform/services/tokens.js';
import { testApp, type TestApp } from '../../support/test-app.js';

const LONG_TTL = { SESSION_CACHE_TTL_MS: '600000' };
/** The connection is reopened every second; a loaded shared machine gets a few. */
const RETURN_WITHIN_MS = 8_000;

describe.skipIf(!process.env.DATABASE_URL)(
  "a lost LISTEN connection (needs DATABASE_URL: PGlite's notifications are in process and cannot be lost)",
  () => {
    let t: TestApp;
    let admin: pg.Client;

    beforeAll(async () => {
      t = await testApp({ env: LONG_TTL });
      admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
    }, 180_000);
    afterAll(async () => {
      await admin?.end();
      await t?.close();
    });

    const database = () => new URL(t.url!).pathname.slice(1);
    const listeners = async () =>
      (
        await admin.query<{ pid: number }>(
          `SELECT pid FROM pg_stat_activity WHERE datname = $1 AND query = 'LISTEN "porton_auth"'`,
          [database()],
        )
      ).rows.map((r) => r.pid);
    /** Terminates the app's LISTEN backend and waits until the app has noticed (it cannot know sooner). */
    async function deafen() {
      const pids = await listeners();
      expect(pids, 'the app listens on one connection of its own').toHaveLength(1);
      await admin.query('SELECT pg_terminate_backend($1)', [pids[0]]);
      await vi.waitFor(
        () => {
          if (t.app.authEvents.live) throw new Error('the app has not noticed yet');
        },
        { timeout: 5_000, interval: 20 },
      );
    }
    /** Waits until the app listens again on a new backend. */
    async function listening(before: number[]) {
      await vi.waitFor(
        async () => {
          const now = await listeners();
          if (!t.app.authEvents.live || now.length !== 1 || before.includes(now[0]))
            throw new Error('not listening again yet');
        },
        { timeout: RETURN_WITHIN_MS, interval: 100 },
      );
    }
    const status = async (token: string, url = '/api/users/me') => (await t.as(token).get(url)).statusCode;
    /** A change the triggers do not announce: only a cache that is off (or the TTL) would see it. */
    const silently = (table: string, trigger: string, sql: string, params: unknown[]) =>
      t.db.tx(async (q) => {
        await q.query('SET LOCAL ROLE NONE'); // as the owner: only it may alter the table
        await q.query(`ALTER TABLE ${table} DISABLE TRIGGER ${trigger}`);
        await q.query(sql, params);
        await q.query(`ALTER TABLE ${table} ENABLE TRIGGER ${trigger}`);
      });
    const zoneNames = async (token: string) =>
      ((await t.as(token).get('/api/zones?page=0')).json() as { content: { name: string }[] }).content.map(
        (z) => z.name,
      );

    it('while deaf every request reads the database: a session ended straight in the database is refused on the very next request', async () => {
      const token = await t.signIn('administrador@porton.mx');
      expect(await status(token)).toBe(200);
      expect(await status(token)).toBe(200);
      const before = await listeners();
      await deafen();
      // A request while deaf: a cache still on would keep this answer and serve it next.
      expect(await status(token)).toBe(200);
      await t.db.query('UPDATE sessions SET revoked_at = now() WHERE token_hash = $1', [tokenHash(token)]);
      expect(await status(token), 'the very next request while deaf').toBe(401);
      await listening(before);
    });

    it('while deaf a catalogue page changed straight in the database is on the very next list', async () => {
      const token = await t.signIn('administrador@porton.mx');
      expect(await zoneNames(token)).toEqual(['Zona Norte', 'Zona Sur']);
      const before = await listeners();
      await deafen();
      expect(await zoneNames(token)).toEqual(['Zona Norte', 'Zona Sur']);
      await t.db.query("UPDATE zones SET name = 'Zona Sur Sorda' WHERE name = 'Zona Sur'");
      try {
        expect(await zoneNames(token), 'the very next list while deaf').toEqual(['Zona Norte', 'Zona Sur Sorda']);
      } finally {
        await t.db.query("UPDATE zones SET name = 'Zona Sur' WHERE name = 'Zona Sur Sorda'");
      }
      await listening(before);
    });

    it('within a few seconds it listens again: the caches serve from memory again and a later event is heard', async () => {
      const before = await listeners();
      await deafen();
      await listening(before);
      const token = await t.signIn('capturista@porton.mx');
      const other = await t.signIn('vigilante@porton.mx');

      // The session cache serves again: a revocation that announces nothing stays unseen (the control)...
      expect(await status(other)).toBe(200);
      await silently(
        'sessions',
        'sessions_auth_change',
        'UPDATE sessions SET revoked_at = now() WHERE token_hash = $1',
        [tokenHash(other)],
      );
      expect(await status(other), 'served from memory: the cache is on again').toBe(200);
      // ...and an announced one is heard: the next request is refused.
      expect(await status(token)).toBe(200);
      await t.db.query('UPDATE sessions SET revoked_at = now() WHERE token_hash = $1', [tokenHash(token)]);
      expect(await status(token), 'the event was heard on the new connection').toBe(401);

      // The catalogue cache likewise.
      const reader = await t.signIn('administrador@porton.mx');
      expect(await zoneNames(reader)).toEqual(['Zona Norte', 'Zona Sur']);
      await silently(
        'zones',
        'zones_catalogue_change',
        "UPDATE zones SET name = 'Zona Sur Callada' WHERE name = 'Zona Sur'",
        [],
      );
      try {
        expect(await zoneNames(reader), 'served from memory: the cache is on again').toEqual([
          'Zona Norte',
          'Zona Sur',
        ]);
        await t.db.query("UPDATE zones SET color = color WHERE name = 'Zona Norte'");
        expect(await zoneNames(reader), 'the event was heard on the new connection').toEqual([
          'Zona Norte',
          'Zona Sur Callada',
        ]);
      } finally {
        await t.db.query("UPDATE zones SET name = 'Zona Sur' WHERE name = 'Zona Sur Callada'");
      }
    });

    it('a page kept before the loss is not served after the return (on return everything is re-checked)', async () => {
      const token = await t.signIn('administrador@porton.mx');
      expect(await zoneNames(token)).toEqual(['Zona Norte', 'Zona Sur']);
      const before = await listeners();
      await admin.query('SELECT pg_terminate_backend($1)', [before[0]]);
      // Changed at once, on a connection of its own (no barrier): its notification reaches no one.
      const direct = new pg.Client({ connectionString: t.url! });
      await direct.connect();
      try {
        await direct.query("UPDATE zones SET name = 'Zona Sur Perdida' WHERE name = 'Zona Sur'");
        await listening(before);
        expect(await zoneNames(token)).toEqual(['Zona Norte', 'Zona Sur Perdida']);
      } finally {
        await direct.query("UPDATE zones SET name = 'Zona Sur' WHERE name = 'Zona Sur Perdida'");
        await direct.end();
      }
    });
  },
);
