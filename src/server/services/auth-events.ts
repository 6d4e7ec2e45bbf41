import { randomUUID } from 'node:crypto';
import type { Db } from '../db/db.js';

/** The channel of migration 014's (and 017's) triggers. */
export const AUTH_CHANNEL = 'porton_auth';

/**
 * The process's one subscription to the auth-change events (issue 16 §1): migration 014's and
 * 017's triggers `pg_notify('porton_auth', …)` from the changing transaction, so an event exists
 * only if the change committed. Payloads: 's:<session>' revoked, 'c:<session>' its active
 * community changed, 'u:<user>' the account, its resident records or memberships, 'd:<device>' a
 * device or its token, '*' an integrator or community (anything may have changed); 'b:…' is a
 * barrier of this module. The realtime plugin and the session cache both hear it.
 */
export interface AuthEvents {
  subscribe(handler: (payload: string) => void): () => void;
  /** False while a lost PostgreSQL LISTEN connection is restored: events may be missed meanwhile. */
  readonly live: boolean;
  /**
   * Answers once every change committed before the call has been heard by this process. PGlite
   * delivers a notification before the committing query answers, so it is immediate; PostgreSQL
   * delivers notifications in commit order, so a NOTIFY of our own, heard back, proves it.
   */
  barrier(): Promise<void>;
  close(): Promise<void>;
}

/** How long a barrier waits for its own notification before giving up (then everything is dropped). */
const BARRIER_TIMEOUT_MS = 2_000;

export async function listenAuthEvents(db: Db): Promise<AuthEvents> {
  const handlers = new Set<(payload: string) => void>();
  const waiting = new Map<string, () => void>();
  let live = true;
  const deliver = (payload: string) => {
    for (const handler of handlers) handler(payload);
  };
  const stop = await db.listen(AUTH_CHANNEL, (payload) => {
    if (payload.startsWith('b:')) {
      waiting.get(payload)?.();
      return;
    }
    deliver(payload);
  }, (isLive) => {
    live = isLive;
    // Whatever happened while deaf may have ended sessions: everyone checks everything.
    deliver('*');
  });
  const barrierId = randomUUID();
  let sequence = 0;
  return {
    subscribe(handler) {
      handlers.add(handler);
      return () => { handlers.delete(handler); };
    },
    get live() { return live; },
    async barrier() {
      if (db.kind === 'pglite' || !live) return;
      const payload = `b:${barrierId}:${++sequence}`;
      const heard = new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), BARRIER_TIMEOUT_MS);
        waiting.set(payload, () => { clearTimeout(timer); resolve(true); });
      });
      try {
        await db.query('SELECT pg_notify($1, $2)', [AUTH_CHANNEL, payload]);
        if (!(await heard)) deliver('*');
      } finally {
        waiting.delete(payload);
      }
    },
    close: () => stop(),
  };
}
