import { createHash } from 'node:crypto';
import type { Queryable } from '../db/db.js';

/**
 * Counters in fixed windows, shared by every API process: in Redis when
 * `REDIS_URL` is set, in the database (`throttle_counters`) otherwise. Keys are hashed, so no
 * email or address is stored in clear. On the embedded database the write limit counts in memory
 * (`embeddedCounterStore`).
 */
export interface CounterStore {
  /** Adds one to `key` and answers its count in the window (the window starts at the key's first hit). */
  hit(key: string, windowMs: number): Promise<number>;
  /** Takes one back from a live `key` (never below 0; nothing when absent or expired). */
  release(key: string): Promise<void>;
  /** The live counts of `keys` (0 when absent or expired), in order. */
  counts(keys: readonly string[]): Promise<number[]>;
  /** Sets `key` live for `ms` (a wait that ends on its own), never shortening a longer one. */
  hold(key: string, ms: number): Promise<void>;
  clear(keys: readonly string[]): Promise<void>;
  close(): Promise<void>;
}

const hashed = (key: string) => createHash('sha256').update(key).digest('base64url').slice(0, 32);

export function databaseCounterStore(db: Queryable, sweepMs = 5 * 60_000): CounterStore {
  // Expired rows are dropped in the background; reads ignore them meanwhile.
  const sweep = setInterval(() => {
    db.query('DELETE FROM throttle_counters WHERE expires_at <= now()').catch(() => undefined);
  }, sweepMs);
  sweep.unref();
  return {
    async hit(key, windowMs) {
      const row = await db.one<{ hits: number }>(
        `INSERT INTO throttle_counters (key, hits, expires_at) VALUES ($1, 1, now() + make_interval(secs => $2))
         ON CONFLICT (key) DO UPDATE SET
           hits = CASE WHEN throttle_counters.expires_at <= now() THEN 1 ELSE throttle_counters.hits + 1 END,
           expires_at = CASE WHEN throttle_counters.expires_at <= now() THEN excluded.expires_at ELSE throttle_counters.expires_at END
         RETURNING hits`,
        [hashed(key), windowMs / 1000],
      );
      return row?.hits ?? 1;
    },
    async release(key) {
      await db.query(
        'UPDATE throttle_counters SET hits = greatest(hits - 1, 0) WHERE key = $1 AND expires_at > now()',
        [hashed(key)],
      );
    },
    async counts(keys) {
      const ids = keys.map(hashed);
      const rows = await db.query<{ key: string; hits: number }>(
        'SELECT key, hits FROM throttle_counters WHERE key = ANY($1::text[]) AND expires_at > now()',
        [ids],
      );
      const byKey = new Map(rows.map((r) => [r.key, r.hits]));
      return ids.map((id) => byKey.get(id) ?? 0);
    },
    async hold(key, ms) {
      await db.query(
        `INSERT INTO throttle_counters (key, hits, expires_at) VALUES ($1, 1, now() + make_interval(secs => $2))
         ON CONFLICT (key) DO UPDATE SET hits = 1, expires_at = greatest(throttle_counters.expires_at, excluded.expires_at)`,
        [hashed(key), ms / 1000],
      );
    },
    async clear(keys) {
      await db.query('DELETE FROM throttle_counters WHERE key = ANY($1::text[])', [keys.map(hashed)]);
    },
    async close() {
      clearInterval(sweep);
    },
  };
}

/**
 * Counters in this process's memory, one store per embedded database: only one process can open an
 * embedded data folder, so every API that counts against it runs here (tests start a second API on
 * the same database object) and shares this store. The counts do not outlive the process: it serves
 * the write limit's one-minute windows, whose every hit would otherwise be a write of its own on the
 * one thread the embedded database has; the sign-in and code throttles stay in the database.
 */
export function embeddedCounterStore(db: object): CounterStore {
  let store = embeddedStores.get(db);
  if (!store) {
    store = memoryCounterStore();
    embeddedStores.set(db, store);
  }
  return store;
}
const embeddedStores = new WeakMap<object, CounterStore>();

function memoryCounterStore(): CounterStore {
  const counters = new Map<string, { hits: number; expiresAt: number }>();
  let nextSweep = 0;
  // Expired counters are dropped at most once a minute, on a hit (no timer keeps the store alive).
  const live = (key: string, now: number) => {
    const counter = counters.get(key);
    return counter && counter.expiresAt > now ? counter : undefined;
  };
  return {
    async hit(key, windowMs) {
      const now = Date.now();
      if (now >= nextSweep) {
        for (const [k, counter] of counters) if (counter.expiresAt <= now) counters.delete(k);
        nextSweep = now + 60_000;
      }
      const counter = live(key, now);
      if (!counter) {
        counters.set(key, { hits: 1, expiresAt: now + windowMs });
        return 1;
      }
      counter.hits++;
      return counter.hits;
    },
    async release(key) {
      const counter = live(key, Date.now());
      if (counter) counter.hits = Math.max(counter.hits - 1, 0);
    },
    async counts(keys) {
      const now = Date.now();
      return keys.map((key) => live(key, now)?.hits ?? 0);
    },
    async hold(key, ms) {
      const now = Date.now();
      const counter = live(key, now);
      counters.set(key, { hits: 1, expiresAt: Math.max(counter?.expiresAt ?? 0, now + ms) });
    },
    async clear(keys) {
      for (const key of keys) counters.delete(key);
    },
    async close() {
      // Shared by the APIs on the same database: the store ends with it.
    },
  };
}

export async function redisCounterStore(url: string, prefix: string): Promise<CounterStore> {
  // Loaded only when Redis is configured: a single server never pays for the client.
  const { createClient } = await import('redis');
  const client = createClient({ url });
  client.on('error', () => undefined); // reconnects by itself; a failed command rejects the request (500)
  await client.connect();
  const k = (key: string) => `${prefix}:throttle:${hashed(key)}`;
  return {
    async hit(key, windowMs) {
      const [count] = await client.multi().incr(k(key)).pExpire(k(key), windowMs, 'NX').exec();
      return Number(count);
    },
    async release(key) {
      // Only a live key: DECR on an absent one would make a counter without an expiry.
      await client.eval(
        "if redis.call('exists', KEYS[1]) == 1 and tonumber(redis.call('get', KEYS[1])) > 0 then redis.call('decr', KEYS[1]) end return 0",
        { keys: [k(key)] },
      );
    },
    async counts(keys) {
      if (keys.length === 0) return [];
      const values = await client.mGet(keys.map(k));
      return values.map((value) => Number(value ?? 0));
    },
    async hold(key, ms) {
      await client.multi().set(k(key), '1', { NX: true, PX: ms }).pExpire(k(key), ms, 'GT').exec();
    },
    async clear(keys) {
      if (keys.length) await client.del(keys.map(k));
    },
    async close() {
      await client.close();
    },
  };
}
