/**
 * What the gate keeps on the device (docs/features.md#offline-gate), in IndexedDB through idb:
 * the last snapshot (with no more personal data than the screen shows) and the records let
 * through offline, in order, until the server has them. A sign-out deletes the whole database.
 */
import { deleteDB, openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { GateSnapshot } from '../../../shared/passes/gate.schema.js';
import { GATE_DB } from './gate-wipe.js';

/** An entry or exit let through offline, waiting for the server. */
export interface QueuedRecord {
  /** The order it was made in (IndexedDB's key). */
  seq?: number;
  /** The device's id of the record (a UUID): the server applies it once. */
  id: string;
  pass: string;
  direction: 'IN' | 'OUT';
  at: string;
  /** The pass's subject, for the local log of who is inside. */
  subject: string;
  /** The name the gate showed, to tell the guard which record the server decided otherwise. */
  who: string;
}

interface GateDb extends DBSchema {
  snapshot: { key: string; value: { key: string; snapshot: GateSnapshot } };
  queue: { key: number; value: QueuedRecord };
}

const CURRENT = 'current';

let opened: Promise<IDBPDatabase<GateDb>> | null = null;
const db = () => {
  opened ??= openDB<GateDb>(GATE_DB, 1, {
    upgrade(d) {
      d.createObjectStore('snapshot', { keyPath: 'key' });
      d.createObjectStore('queue', { keyPath: 'seq', autoIncrement: true });
    },
    // Another tab deletes the database (a sign-out): let it, and open again when asked.
    blocking() {
      void opened?.then((d) => d.close());
      opened = null;
    },
  });
  return opened;
};

export const gateStore = {
  async saveSnapshot(snapshot: GateSnapshot) {
    await (await db()).put('snapshot', { key: CURRENT, snapshot });
  },
  async snapshot(): Promise<GateSnapshot | null> {
    return (await (await db()).get('snapshot', CURRENT))?.snapshot ?? null;
  },
  async enqueue(record: QueuedRecord) {
    await (await db()).add('queue', record);
  },
  /** The records waiting, oldest first. */
  async queued(limit?: number): Promise<QueuedRecord[]> {
    return (await db()).getAll('queue', null, limit);
  },
  async count(): Promise<number> {
    return (await db()).count('queue');
  },
  async remove(seqs: number[]) {
    const tx = (await db()).transaction('queue', 'readwrite');
    await Promise.all([...seqs.map((s) => tx.store.delete(s)), tx.done]);
  },
  /** Deletes everything the gate keeps (a sign-out). */
  async wipe() {
    const current = opened;
    opened = null;
    if (current) (await current).close();
    await deleteDB(GATE_DB);
  },
};
export type GateStore = typeof gateStore;
