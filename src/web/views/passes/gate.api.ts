/**
 * The offline gate's work in the browser: reading the snapshot and keeping it, the gate's own
 * verdict with its log of who is inside, the records sent back in order, and the browser's
 * connection and the community's live entries as events for the gate-sync machine.
 */
import type { GateConflict, GateSyncEvent, GateSyncResult } from '../../../../machines/passes/gate-sync.machine.js';
import { GATE_SYNC_MAX, type GateSnapshot, type GateSyncAnswer } from '../../../shared/passes/gate.schema.js';
import {
  gateIndexOf,
  verifyOffline,
  type GateIndex,
  type OfflineVerdict,
} from '../../../shared/passes/offline-verify.js';
import { decodePass } from '../../../shared/passes/pass-types.js';
import { api } from '../../platform/api/client.js';
import { connectVisits } from '../../platform/realtime/socket.js';
import { gateStore, type GateStore, type QueuedRecord } from './gate-store.js';

/** The index of the snapshot last read, kept in memory so a verdict costs one signature check. */
let indexed: { takenAt: string; index: Promise<GateIndex> } | null = null;
const indexOf = (snapshot: GateSnapshot) => {
  if (indexed?.takenAt !== snapshot.takenAt) indexed = { takenAt: snapshot.takenAt, index: gateIndexOf(snapshot) };
  return indexed.index;
};

/** Whose pass has an open entry: the snapshot's list, with the gate's own records since applied in order. */
function insideNow(snapshot: GateSnapshot, queue: QueuedRecord[]): Set<string> {
  const inside = new Set(snapshot.inside.map((i) => i.subject));
  for (const r of queue) {
    if (r.direction === 'IN') inside.add(r.subject);
    else inside.delete(r.subject);
  }
  return inside;
}

export function gateApi(store: GateStore = gateStore) {
  return {
    countQueue: () => store.count(),

    async loadSnapshot(): Promise<string> {
      const snapshot = await api.get<GateSnapshot>('/api/gate/snapshot');
      await store.saveSnapshot(snapshot);
      void indexOf(snapshot);
      return snapshot.takenAt;
    },

    /** The gate's verdict offline; a pass let through is kept as a record for the server. */
    async verifyLocally(pass: string, direction: 'IN' | 'OUT'): Promise<OfflineVerdict> {
      const snapshot = await store.snapshot();
      if (!snapshot) throw new Error('no snapshot');
      const [index, queue] = await Promise.all([indexOf(snapshot), store.queued()]);
      const id = crypto.randomUUID();
      const verdict = await verifyOffline(index, {
        text: pass,
        direction,
        at: Date.now(),
        recordId: id,
        inside: insideNow(snapshot, queue),
      });
      if (verdict.ok) {
        const { guest } = verdict.answer;
        await store.enqueue({
          id,
          pass,
          direction,
          at: verdict.answer.at,
          subject: decodePass(pass)!.subject,
          who: `${guest.firstName} ${guest.lastName}`.trim(),
        });
      }
      return verdict;
    },

    /** Sends the records in order, GATE_SYNC_MAX at a time, until none is left; the refusals are the conflicts. */
    async sendQueue(): Promise<GateSyncResult> {
      const conflicts: GateConflict[] = [];
      for (;;) {
        const batch = await store.queued(GATE_SYNC_MAX);
        if (!batch.length) break;
        const { outcomes } = await api.post<GateSyncAnswer>('/api/gate/sync', {
          records: batch.map(({ id, pass, direction, at }) => ({ id, pass, direction, at })),
        });
        const byId = new Map(batch.map((r) => [r.id, r]));
        for (const o of outcomes) {
          const r = byId.get(o.id);
          if (r && o.outcome === 'refused')
            conflicts.push({ id: r.id, who: r.who, direction: r.direction, at: r.at, decision: o.decision });
        }
        const answered = new Set(outcomes.map((o) => o.id));
        await store.remove(batch.filter((r) => answered.has(r.id)).map((r) => r.seq!));
      }
      return { conflicts, waiting: await store.count() };
    },

    /**
     * Registers the app shell's service worker (Workbox, `vite.config.ts`): only the gate asks for it,
     * so other screens never download the precache. Without a built worker (the development server) the registration fails quietly.
     */
    keepShell(): () => void {
      if ('serviceWorker' in navigator)
        void import('workbox-window').then(({ Workbox }) => new Workbox('/sw.js').register()).catch(() => {});
      return () => {};
    },

    /** The browser's online and offline events, and the state it starts in. */
    watchConnection(sendBack: (event: GateSyncEvent) => void): () => void {
      const lost = () => sendBack({ type: 'connection.lost' });
      const back = () => sendBack({ type: 'connection.back' });
      window.addEventListener('offline', lost);
      window.addEventListener('online', back);
      return () => {
        window.removeEventListener('offline', lost);
        window.removeEventListener('online', back);
      };
    },

    /** Entries and exits of the gate's community heard live: the snapshot's 'who is inside' moved. */
    watchLive(sendBack: (event: GateSyncEvent) => void): () => void {
      let close: (() => void) | null = null;
      let closed = false;
      let timer: ReturnType<typeof setTimeout> | undefined;
      // The first snapshot may still be on its way: its community is the room to listen to.
      const connect = async () => {
        const snapshot = await store.snapshot();
        if (closed) return;
        if (!snapshot) {
          timer = setTimeout(() => void connect(), 2_000);
          return;
        }
        const changed = () => sendBack({ type: 'live.changed' });
        close = connectVisits(snapshot.community, { onIn: changed, onOut: changed, onStatus: () => {} });
      };
      void connect();
      return () => {
        closed = true;
        clearTimeout(timer);
        close?.();
      };
    },
  };
}
export type GateApi = ReturnType<typeof gateApi>;
