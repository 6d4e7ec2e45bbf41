/** The offline gate's database name, and its deletion at sign-out (without loading idb on every screen). */
export const GATE_DB = 'porton-gate';

/** Deletes what the gate keeps: the snapshot (names) and the records not sent. An open gate screen closes its connection first. */
export function wipeGate(): void {
  if (typeof indexedDB !== 'undefined') indexedDB.deleteDatabase(GATE_DB);
}
