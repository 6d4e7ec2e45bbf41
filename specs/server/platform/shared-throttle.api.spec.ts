/**
 * Throttling shared by every process: the counters live in the shared store (the
 * database's `throttle_counters`, or Redis with REDIS_URL), so attempts spread over two API
 * processes reach the limit together. Process A is this test's app; process B is the real server in
 * a child process on the same database when DATABASE_URL is set (PostgreSQL), and A itself on
 * PGlite (one process).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WRITE_RATE_LIMITED } from '../../../src/server/platform/plugins/write-rate-limit.js';
import { SIGN_IN_POLICY } from '../../../src/server/session/login-throttle.js';
import { startServer, type ServerProcess } from '../../support/server-process.js';
import { testApp, type TestApp } from '../../support/test-app.js';

/** A small write limit for the test (the default, 1200 a minute, is documented in the README). */
const WRITE_LIMIT = 10;
/**
 * Both processes use one store: Redis when REDIS_URL is set (as CI sets it), under a prefix of this
 * run's own (counters from an earlier run must not count), else the database's throttle_counters.
 */
const ENV = {
  WRITE_RATE_LIMIT: String(WRITE_LIMIT),
  REDIS_URL: process.env.REDIS_URL ?? '',
  REDIS_PREFIX: `porton-throttle-test-${process.pid}-${Date.now()}`,
};
const STORE = ENV.REDIS_URL ? 'Redis' : 'the database';

let t: TestApp;
let peer: ServerProcess | null = null;
let token: string;
let other: string;
beforeAll(async () => {
  t = await testApp({ env: ENV });
  // Signed in before the sign-in spray closes this address.
  [token, other] = [await t.signIn('administrador@porton.mx'), await t.signIn('capturista@porton.mx')];
  if (t.kind === 'postgres') peer = await startServer({ DATABASE_URL: t.url!, ...ENV });
}, 180_000);
afterAll(async () => {
  if (peer && peer.child.exitCode === null) {
    peer.child.kill('SIGTERM');
    await peer.exited;
  }
  await t?.close();
});

interface Answer {
  status: number;
  body: { error?: string; error_description?: string };
  retryAfter: string | null;
}

/** A request on process A (inject, from 127.0.0.1) or B (over HTTP from 127.0.0.1; A itself on PGlite). */
async function call(
  on: 'A' | 'B',
  method: 'POST',
  url: string,
  headers: Record<string, string>,
  body: string,
): Promise<Answer> {
  if (on === 'A' || !peer) {
    const res = await t.app.inject({ method, url, headers, payload: body, remoteAddress: '127.0.0.1' });
    return {
      status: res.statusCode,
      body: res.json(),
      retryAfter: (res.headers['retry-after'] as string | undefined) ?? null,
    };
  }
  const res = await fetch(`${peer.base}${url}`, { method, headers, body });
  return { status: res.status, body: await res.json(), retryAfter: res.headers.get('retry-after') };
}
// The titles are written when the file is collected, before the peer starts: they follow the database.
const processes = () =>
  `${process.env.DATABASE_URL ? 'two processes on PostgreSQL' : 'one process on PGlite'}, counters in ${STORE}`;

describe(`sign-in failures spread over processes reach the limit together (${processes()})`, () => {
  it(`the per-address limit (${SIGN_IN_POLICY.addressMax} failures in 15 minutes) counts failures on A and B as one`, async () => {
    const signIn = (on: 'A' | 'B', i: number) =>
      call(
        on,
        'POST',
        '/oauth/token',
        { authorization: t.basic, 'content-type': 'application/x-www-form-urlencoded' },
        new URLSearchParams({
          grant_type: 'password',
          username: `spray${i}@porton.mx`,
          password: 'Equivocada1',
        }).toString(),
      );
    // Alternating processes: each sees half of the failures, the store sees them all.
    for (let i = 0; i < SIGN_IN_POLICY.addressMax; i++) {
      const res = await signIn(i % 2 ? 'B' : 'A', i);
      expect(res.status, `failure ${i + 1}`).toBe(400);
    }
    for (const on of ['A', 'B'] as const) {
      const res = await signIn(on, 1000);
      expect(res.status, `process ${on} after ${SIGN_IN_POLICY.addressMax} failures in all`).toBe(429);
      expect(res.body.error).toBe('too_many_requests');
    }
  });
});

describe(`the write limit per token is shared by the processes (${processes()})`, () => {
  it(`over ${WRITE_LIMIT} writes a minute (WRITE_RATE_LIMIT) a token's next write answers 429 in the contract's shape on both processes, and changes nothing`, async () => {
    const headers = (tk: string) => ({ authorization: `Bearer ${tk}`, 'content-type': 'application/json' });
    // An empty list is a bad body: each write answers 400 and changes nothing, but counts.
    for (let i = 0; i < WRITE_LIMIT; i++) {
      expect((await call(i % 2 ? 'B' : 'A', 'POST', '/api/zones', headers(token), '[]')).status, `write ${i + 1}`).toBe(
        400,
      );
    }
    const zones = async () => (await t.db.one<{ n: number }>('SELECT count(*)::int AS n FROM zones'))!.n;
    const before = await zones();
    for (const on of ['A', 'B'] as const) {
      const res = await call(
        on,
        'POST',
        '/api/zones',
        headers(token),
        JSON.stringify([{ name: `Zona limitada ${on}` }]),
      );
      expect(res.status, `process ${on}`).toBe(429);
      expect(res.body).toEqual({ error: 'too_many_requests', error_description: WRITE_RATE_LIMITED });
      expect(res.retryAfter).toBe('60');
    }
    expect(await zones()).toBe(before);
    // Reads are not limited, and another token has its own count.
    expect((await t.as(token).get('/api/zones')).statusCode).toBe(200);
    expect(
      (await call('B', 'POST', '/api/zones', headers(other), JSON.stringify([{ name: 'Zona de otra sesión' }]))).status,
    ).toBe(201);
  });
});
