import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Queryable } from '../db/db.js';
import { upsertPostalCodes } from '../db/seed.js';
import { POSTAL_CODE_PATTERN } from '../../../shared/platform/postal-code.js';

export interface PostalCodeRow {
  cp: string;
  colony: string;
  city: string;
  state: string;
}

/**
 * Parses one line of the official SEPOMEX file (pipe-delimited:
 * d_codigo|d_asenta|d_tipo_asenta|D_mnpio|d_estado|d_ciudad|...). The notice and header
 * lines, and any malformed line, answer null.
 */
export function parsePostalCodeLine(line: string): PostalCodeRow | null {
  const cols = line.split('|');
  if (cols.length < 5 || !POSTAL_CODE_PATTERN.test(cols[0])) return null;
  const [cp, colony, , municipality, state] = cols.map((c) => c.trim());
  if (!colony || !municipality || !state) return null;
  return { cp, colony, city: municipality, state };
}

/** Streams the operator's own copy (Latin-1) into the addresses table, in batches. */
export async function importPostalCodes(db: Queryable, file: string, batchSize = 2000): Promise<number> {
  const lines = createInterface({ input: createReadStream(file, { encoding: 'latin1' }), crlfDelay: Infinity });
  let batch: PostalCodeRow[] = [];
  let total = 0;
  for await (const line of lines) {
    const row = parsePostalCodeLine(line);
    if (!row) continue;
    batch.push(row);
    if (batch.length >= batchSize) {
      await upsertPostalCodes(db, dedupe(batch));
      total += batch.length;
      batch = [];
    }
  }
  if (batch.length) {
    await upsertPostalCodes(db, dedupe(batch));
    total += batch.length;
  }
  return total;
}

function dedupe(rows: PostalCodeRow[]) {
  const seen = new Map<string, PostalCodeRow>();
  for (const r of rows) seen.set(`${r.cp}|${r.colony}|${r.city}`, r);
  return [...seen.values()];
}
