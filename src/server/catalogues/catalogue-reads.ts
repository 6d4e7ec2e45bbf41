import type { ScopedFrom } from '../platform/db/community-scope.js';

const JOINED_TABLE = /\bJOIN\s+([a-z_][a-z0-9_]*)/gi;

/**
 * The tables a catalogue's query reads: its own and every table its joins name (a street's zone and
 * community). A cached answer is dropped when any of them changes (migration 019's events), so a
 * join added to a definition is followed without a list to keep in step.
 */
export function tablesRead(from: ScopedFrom): string[] {
  const joined = [...(from.joins ?? '').matchAll(JOINED_TABLE)].map((m) => m[1].toLowerCase());
  return [...new Set([from.table, ...joined])];
}
