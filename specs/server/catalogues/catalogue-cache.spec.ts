/**
 * The catalogue cache's own rules (src/server/catalogues/catalogue-cache.ts), with events fed by hand:
 * which event drops which answer, and that a load overlapped by an event is answered but not kept.
 */
import { describe, expect, it } from 'vitest';
import { CatalogueCache } from '../../../src/server/catalogues/catalogue-cache.js';
import type { AuthEvents, EventTopic } from '../../../src/server/platform/services/auth-events.js';

function fakeEvents() {
  const handlers: { handler: (payload: string) => void; topic: EventTopic }[] = [];
  const events = {
    live: true,
    subscribe(handler: (payload: string) => void, topic: EventTopic = 'auth') {
      handlers.push({ handler, topic });
      return () => undefined;
    },
    barrier: async () => undefined,
    close: async () => undefined,
  };
  const emit = (payload: string) => {
    for (const h of handlers) if (h.topic === 'catalogue') h.handler(payload);
  };
  /** As listenAuthEvents does: a lost or regained connection is announced as '*'. */
  const setLive = (live: boolean) => {
    events.live = live;
    emit('*');
  };
  return { events: events as AuthEvents, emit, setLive };
}

const streets = (communityId: number, request = 'page 0') => ({
  communityId,
  reads: ['streets', 'zones', 'communities'],
  request,
});
const gates = (communityId: number) => ({ communityId, reads: ['gates', 'communities'], request: 'page 0' });

/** Loads `answer` through the cache; says whether the loader ran (a miss). */
async function loads(cache: CatalogueCache, key: ReturnType<typeof streets>, answer = 'fresh') {
  let ran = false;
  const got = await cache.answer(key, async () => {
    ran = true;
    return answer;
  });
  return { got, ran };
}

describe('which events drop which answers', () => {
  it("a change to a table an answer reads drops that community's answers only; other tables' and communities' answers stay", async () => {
    const { events, emit } = fakeEvents();
    const cache = new CatalogueCache(events, { max: 100, ttlMs: 60_000 });
    for (const key of [streets(1), streets(2), gates(1)]) await loads(cache, key);
    emit('k:zones:1');
    expect((await loads(cache, streets(1))).ran, "community 1's streets read its zones").toBe(true);
    expect((await loads(cache, streets(2))).ran, "community 2's streets").toBe(false);
    expect((await loads(cache, gates(1))).ran, 'gates do not read zones').toBe(false);
  });

  it("an event without a community, '*' or one not understood drops everything", async () => {
    for (const payload of ['k:streets', '*', 'k:', 'k:zones:abc']) {
      const { events, emit } = fakeEvents();
      const cache = new CatalogueCache(events, { max: 100, ttlMs: 60_000 });
      await loads(cache, streets(1));
      await loads(cache, streets(2));
      emit(payload);
      expect((await loads(cache, streets(1))).ran, payload).toBe(true);
      expect((await loads(cache, streets(2))).ran, payload).toBe(true);
    }
  });
});

describe('what is kept', () => {
  it('a load overlapped by an event is answered but not kept (it may have read the row before the change)', async () => {
    const { events, emit } = fakeEvents();
    const cache = new CatalogueCache(events, { max: 100, ttlMs: 60_000 });
    const got = await cache.answer(streets(1), async () => {
      emit('k:streets:1');
      return 'read before the change';
    });
    expect(got).toBe('read before the change');
    expect((await loads(cache, streets(1))).got).toBe('fresh');
  });

  it('nothing is served or kept while the events are not heard, and 0 turns the cache off', async () => {
    const { events, setLive } = fakeEvents();
    const cache = new CatalogueCache(events, { max: 100, ttlMs: 60_000 });
    await loads(cache, streets(1), 'kept while heard');
    setLive(false);
    expect(await loads(cache, streets(1), 'deaf'), 'not served while deaf').toEqual({ got: 'deaf', ran: true });
    setLive(true);
    expect((await loads(cache, streets(1))).ran, 'nothing was kept while deaf').toBe(true);
    expect((await loads(cache, streets(1))).ran, 'kept again once heard').toBe(false);
    const off = new CatalogueCache(fakeEvents().events, { max: 0, ttlMs: 60_000 });
    await loads(off, streets(1));
    expect((await loads(off, streets(1))).ran).toBe(true);
  });

  it('the bound counts rows, not answers: a large page pushes out the least recently used', async () => {
    const cache = new CatalogueCache(fakeEvents().events, { max: 10, ttlMs: 60_000 });
    const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `fila ${i}` }));
    const first = streets(1, 'first');
    await cache.answer(first, async () => rows(4));
    await cache.answer(streets(1, 'second'), async () => ({ content: rows(3) }));
    expect((await loads(cache, first)).ran, 'nine rows with their answers: both kept').toBe(false);
    await cache.answer(streets(1, 'third'), async () => rows(5));
    expect((await loads(cache, streets(1, 'second'))).ran, 'the least recently used went').toBe(true);
  });
});
