/**
 * One channel, two topics (src/server/platform/services/auth-events.ts): migration 019's catalogue events
 * ('k:…') share 'porton_auth' with the auth events, but a saved zone must not empty the session cache
 * nor make realtime re-check every socket (both read an unknown payload as "everything"). Runs on
 * PGlite, and on PostgreSQL when DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../src/server/platform/db/db.js';
import { AUTH_CHANNEL, listenAuthEvents, type AuthEvents } from '../../../src/server/platform/services/auth-events.js';
import { freshDatabase } from '../../support/test-app.js';

let db: Db;
let drop: () => Promise<void>;
let events: AuthEvents;
const heard = { auth: [] as string[], catalogue: [] as string[] };

beforeAll(async () => {
  ({ db, drop } = await freshDatabase());
  events = await listenAuthEvents(db);
  events.subscribe((p) => heard.auth.push(p));
  events.subscribe((p) => heard.catalogue.push(p), 'catalogue');
}, 60_000);
afterAll(async () => {
  await events?.close();
  await drop?.();
});

/** Sends `payload` as a trigger would, and waits until this process has heard it. */
async function notify(payload: string) {
  heard.auth.length = 0;
  heard.catalogue.length = 0;
  await db.query('SELECT pg_notify($1, $2)', [AUTH_CHANNEL, payload]);
  await events.barrier();
}

describe('who hears which event', () => {
  it('a catalogue event reaches the catalogue subscribers only', async () => {
    await notify('k:zones:7');
    expect(heard).toEqual({ auth: [], catalogue: ['k:zones:7'] });
  });

  it('an auth event reaches the auth subscribers only', async () => {
    for (const payload of ['s:3', 'u:4', 'c:5', 'd:6']) {
      await notify(payload);
      expect(heard, payload).toEqual({ auth: [payload], catalogue: [] });
    }
  });

  it("'*' (an integrator or community change) reaches both", async () => {
    await notify('*');
    expect(heard).toEqual({ auth: ['*'], catalogue: ['*'] });
  });
});
