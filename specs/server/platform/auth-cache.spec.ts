/**
 * The session cache's own rules (docs/decisions.md "the session cache"), with a fake
 * event source so each case is exact: what a hit costs, what each event drops, a load that overlaps
 * an event, a deaf process, and the session's own expiry.
 */
import { describe, expect, it } from 'vitest';
import { AuthCache, type CachedPrincipal } from '../../../src/server/platform/http/auth-cache.js';
import type { AuthContext } from '../../../src/server/platform/http/auth-context.js';
import type { AuthEvents } from '../../../src/server/platform/services/auth-events.js';

function fakeEvents() {
  const handlers = new Set<(payload: string) => void>();
  const events: AuthEvents & { emit(payload: string): void; live: boolean } = {
    live: true,
    subscribe(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    barrier: async () => undefined,
    close: async () => undefined,
    emit(payload) {
      for (const h of handlers) h(payload);
    },
  };
  return events;
}

const session = (sessionId: number, userId: number, expiresAt = Date.now() + 3_600_000): CachedPrincipal => ({
  kind: 'session',
  expiresAt,
  auth: {
    sessionId,
    userId,
    userUuid: `u${userId}`,
    email: `u${userId}@porton.mx`,
    typeId: 4,
    role: 'admin',
    communityId: 1,
    communityUuid: 'c1',
  } as AuthContext,
});
const device = (deviceId: number): CachedPrincipal => ({
  kind: 'device',
  expiresAt: Number.POSITIVE_INFINITY,
  device: {
    deviceId,
    deviceUuid: `d${deviceId}`,
    name: 'Caseta',
    deviceType: 'BOOTH',
    scannerAccess: 'IN',
    communityId: 1,
    communityUuid: 'c1',
  } as never,
});

/** A loader that counts its calls and answers `value`. */
function loader(value: CachedPrincipal | null) {
  const calls = { n: 0 };
  return {
    calls,
    load: async () => {
      calls.n++;
      return value;
    },
  };
}

describe('the session cache', () => {
  it('a hit reads nothing; a refused token is never kept', async () => {
    const cache = new AuthCache(fakeEvents(), { max: 10, ttlMs: 60_000 });
    const l = loader(session(1, 10));
    await cache.resolve('h1', l.load);
    await cache.resolve('h1', l.load);
    expect(l.calls.n).toBe(1);
    const refused = loader(null);
    expect(await cache.resolve('bad', refused.load)).toBeNull();
    expect(await cache.resolve('bad', refused.load)).toBeNull();
    expect(refused.calls.n).toBe(2);
  });

  it("drops exactly what each event names: 's:'/'c:' a session, 'u:' an account's sessions, 'd:' a device, '*' everything", async () => {
    const events = fakeEvents();
    const cache = new AuthCache(events, { max: 10, ttlMs: 60_000 });
    const fill = async () => {
      await cache.resolve('a', async () => session(1, 10));
      await cache.resolve('b', async () => session(2, 10));
      await cache.resolve('c', async () => session(3, 20));
      await cache.resolve('d', async () => device(7));
    };
    const cached = async () => {
      const kept: string[] = [];
      for (const hash of ['a', 'b', 'c', 'd'])
        await cache
          .resolve(hash, async () => {
            throw new Error(hash);
          })
          .then(
            () => kept.push(hash),
            () => undefined,
          );
      return kept;
    };
    await fill();
    events.emit('s:1');
    expect(await cached()).toEqual(['b', 'c', 'd']);
    await fill();
    events.emit('c:3');
    expect(await cached()).toEqual(['a', 'b', 'd']);
    await fill();
    events.emit('u:10');
    expect(await cached()).toEqual(['c', 'd']);
    await fill();
    events.emit('d:7');
    expect(await cached()).toEqual(['a', 'b', 'c']);
    await fill();
    events.emit('*');
    expect(await cached()).toEqual([]);
  });

  it('a load that overlapped an event is answered but not kept (its row may predate the change)', async () => {
    const events = fakeEvents();
    const cache = new AuthCache(events, { max: 10, ttlMs: 60_000 });
    const l = loader(session(1, 10));
    await cache.resolve('h', async () => {
      const row = await l.load();
      events.emit('u:99');
      return row;
    });
    await cache.resolve('h', l.load);
    expect(l.calls.n).toBe(2);
  });

  it('while the events are not heard (a lost LISTEN connection), every request reads the database', async () => {
    const events = fakeEvents();
    const cache = new AuthCache(events, { max: 10, ttlMs: 60_000 });
    const l = loader(session(1, 10));
    await cache.resolve('h', l.load);
    events.live = false;
    await cache.resolve('h', l.load);
    await cache.resolve('h', l.load);
    expect(l.calls.n).toBe(3);
  });

  it('never serves a session past its own expiry, nor anything past the TTL', async () => {
    const cache = new AuthCache(fakeEvents(), { max: 10, ttlMs: 60_000 });
    const expired = loader(session(1, 10, Date.now() - 1));
    await cache.resolve('h', expired.load);
    await cache.resolve('h', expired.load);
    expect(expired.calls.n).toBe(2);
    const short = new AuthCache(fakeEvents(), { max: 10, ttlMs: 30 });
    const l = loader(session(2, 10));
    await short.resolve('k', l.load);
    await new Promise((r) => setTimeout(r, 60));
    await short.resolve('k', l.load);
    expect(l.calls.n).toBe(2);
  });
});
