import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  databaseCounterStore,
  embeddedCounterStore,
  redisCounterStore,
  type CounterStore,
} from '../../../src/server/platform/services/counter-store.js';
import { testApp, type TestApp } from '../../support/test-app.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisAnswers = await (async () => {
  const client = createClient({ url: REDIS_URL, socket: { connectTimeout: 1000, reconnectStrategy: false } });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.ping();
    return true;
  } catch {
    return false;
  } finally {
    await client.close().catch(() => undefined);
  }
})();

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => {
  await t?.close();
});

/** What every throttle relies on, whichever store holds the counters. */
async function behaves(store: CounterStore) {
  const key = `prueba:${Date.now()}:${Math.random()}`;
  const hits = await Promise.all(Array.from({ length: 20 }, () => store.hit(key, 60_000)));
  // Counted atomically: twenty hits at once answer 1 to 20, each once.
  expect([...hits].sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  await store.release(key);
  expect(await store.counts([key])).toEqual([19]);
  // Releasing an absent key makes no counter (and none without an expiry).
  await store.release(`${key}:ausente`);
  expect(await store.counts([`${key}:ausente`])).toEqual([0]);
  expect(await store.hit(`${key}:ausente`, 60_000)).toBe(1);
  await store.clear([key, `${key}:ausente`]);
  expect(await store.counts([key])).toEqual([0]);
}

describe('shared counters: an attempt is counted atomically, and a success gives its attempt back', () => {
  it('in the database (throttle_counters)', async () => {
    const store = databaseCounterStore(t.db);
    try {
      await behaves(store);
    } finally {
      await store.close();
    }
  });

  it("in the embedded database's process (the write limit there): one store per database, shared by its APIs", async () => {
    const store = embeddedCounterStore(t.db);
    await behaves(store);
    // A second API on the same database counts with the first; another database counts apart.
    const key = `prueba:${Date.now()}`;
    await store.hit(key, 60_000);
    expect(await embeddedCounterStore(t.db).hit(key, 60_000)).toBe(2);
    expect(await embeddedCounterStore({}).hit(key, 60_000)).toBe(1);
    // A window ends: the next hit starts a new one.
    await store.hit(`${key}:corta`, 30);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(await store.counts([`${key}:corta`])).toEqual([0]);
    expect(await store.hit(`${key}:corta`, 30)).toBe(1);
  });

  it.skipIf(!redisAnswers)(`in Redis (${REDIS_URL}; skipped when no Redis answers)`, async () => {
    const store = await redisCounterStore(REDIS_URL, `porton-counter-test-${process.pid}-${Date.now()}`);
    try {
      await behaves(store);
    } finally {
      await store.close();
    }
  });
});
