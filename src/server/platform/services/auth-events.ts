import { randomUUID } from 'node:crypto';
import type { Db } from '../db/db.js';

/** The channel of migration 014's (and 017's) triggers. */
export const AUTH_CHANNEL = 'porton_auth';

/**
 * The process's one subscription to the auth-change events: migration 014's and
 * 017's triggers `pg_notify('porton_auth', …)` from the changing transaction, so an event exists
 * only if the change committed. Payloads: 's:<session>' revoked, 'c:<session>' its active
 * community changed, 'u:<user>' the account, its resident records or memberships, 'd:<device>' a
 * device or its token, '*' an integrator or community (anything may have changed); 'b:…' is a
 * barrier of this module. The realtime plugin and the session cache both hear it.
 *
 * Migration 019's 'k:<table>:<community>' (a community catalogue changed) shares the channel but is
 * not an auth event: it reaches the 'catalogue' subscribers only (the catalogue cache), so a zone
 * saved never empties the session cache nor re-checks sockets. '*' reaches both.
 */
export type EventTopic = 'auth' | 'catalogue';
/** Migration 019's catalogue events: `k:<table>:<community id>`, or `k:<table>` for every community. */
export const CATALOGUE_EVENT_PREFIX = 'k:';
const topicOf = (payload: string): EventTopic | 'both' =>
  payload === '*' ? 'both' : payload.startsWith(CATALOGUE_EVENT_PREFIX) ? 'catalogue' : 'auth';

export interface AuthEvents {
  /** Hears the events of one topic ('auth' unless said), and '*' (and a lost or regained connection) in both. */
  subscribe(handler: (payload: string) => void, topic?: EventTopic): () => void;
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
  const handlers = new Map<(payload: string) => void, EventTopic>();
  const waiting = new Map<string, () => void>();
  let live = true;
  const deliver = (payload: string) => {
    const topic = topicOf(payload);
    for (const [handler, wants] of handlers) if (topic === 'both' || topic === wants) handler(payload);
  };
  const stop = await db.listen(
    AUTH_CHANNEL,
    (payload) => {
      if (payload.startsWith('b:')) {
        waiting.get(payload)?.();
        return;
      }
      deliver(payload);
    },
    (isLive) => {
      live = isLive;
      // Whatever happened while deaf may have ended sessions: everyone checks everything.
      deliver('*');
    },
  );
  const barrierId = randomUUID();
  let sequence = 0;
  return {
    subscribe(handler, topic = 'auth') {
      handlers.set(handler, topic);
      return () => {
        handlers.delete(handler);
      };
    },
    get live() {
      return live;
    },
    async barrier() {
      if (db.kind === 'pglite' || !live) return;
      const payload = `b:${barrierId}:${++sequence}`;
      const heard = new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), BARRIER_TIMEOUT_MS);
        waiting.set(payload, () => {
          clearTimeout(timer);
          resolve(true);
        });
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
