/**
 * Bulk visit history for benchmarks (`npm run seed:volume`): batches of unnest inserts,
 * several in flight on PostgreSQL (one per pooled connection), one at a time on PGlite; the
 * statistics are refreshed at the end so the planner sees the million rows.
 */
import type { Db } from './db.js';
import { commonAreaHistory, visitHistory, type VisitRow } from '../../visits/visit-history.js';
import { seededRandom } from '../../visits/seeded-random.js';
import { historyContext, insertCommonAreaVisits, insertVisits } from '../../visits/visit-history-rows.js';

export interface VolumeOptions {
  community: string;
  visits: number;
  days: number;
  commonAreaVisits: number;
  seed?: number;
}

/**
 * Runs the fill's maintenance (dropping and building indexes, ANALYZE), which only the owner of
 * the tables may do: by default on `db` itself (a database opened as its owner, as the benchmarks
 * do); the script passes the owner's connection, or returns `db` to its owner meanwhile.
 */
export type AsOwner = <T>(work: (owner: Db) => Promise<T>) => Promise<T>;

export async function fillVisits(
  db: Db,
  options: VolumeOptions,
  progress: (done: number) => void = () => undefined,
  asOwner: AsOwner = (work) => work(db),
) {
  const community = await db.one<{ id: number }>('SELECT id FROM communities WHERE name = $1', [options.community]);
  if (!community) throw new Error(`No existe el fraccionamiento '${options.community}'.`);
  // A big fill drops the trigram indexes and builds them again at the end: building a GIN index
  // once is several times faster than inserting a million rows into it (definitions read back
  // from the catalogue, so the migration stays their one source).
  const rebuilt =
    options.visits >= 50_000
      ? await asOwner((owner) =>
          owner.query<{ name: string; def: string }>(
            `SELECT indexname AS name, indexdef AS def FROM pg_indexes WHERE schemaname = current_schema() AND tablename = 'visits' AND indexdef LIKE '% USING gin %'`,
          ),
        )
      : [];
  await asOwner(async (owner) => {
    for (const index of rebuilt) await owner.exec(`DROP INDEX ${index.name}`);
  });
  try {
    return await fill(db, options, community.id, progress);
  } finally {
    await asOwner(async (owner) => {
      for (const index of rebuilt) {
        await owner.tx(async (q) => {
          await q.query(`SET LOCAL maintenance_work_mem = '256MB'`);
          await q.query(index.def);
        });
      }
      await owner.exec('ANALYZE visits; ANALYZE common_area_visits; ANALYZE residents');
    });
  }
}

async function fill(db: Db, options: VolumeOptions, communityId: number, progress: (done: number) => void) {
  const { ctx, areas } = await historyContext(db, communityId);
  const random = seededRandom(options.seed ?? 42);
  const batchSize = db.kind === 'postgres' ? 10_000 : 5_000;
  const inFlight = db.kind === 'postgres' ? 3 : 1;
  const running = new Set<Promise<unknown>>();
  let done = 0;
  let batch: VisitRow[] = [];
  const send = async (rows: VisitRow[]) => {
    const job = insertVisits(db, rows).then(() => {
      done += rows.length;
      progress(done);
    });
    running.add(job);
    void job.finally(() => running.delete(job)).catch(() => undefined);
    if (running.size >= inFlight) await Promise.race(running);
  };
  for (const row of visitHistory(random, ctx, options.visits, options.days)) {
    batch.push(row);
    if (batch.length === batchSize) {
      await send(batch);
      batch = [];
    }
  }
  if (batch.length) await send(batch);
  await Promise.all(running);
  let areaCount = 0;
  const areaRows = [...commonAreaHistory(random, ctx, areas, options.commonAreaVisits, options.days)];
  for (let i = 0; i < areaRows.length; i += batchSize)
    areaCount += (await insertCommonAreaVisits(db, areaRows.slice(i, i + batchSize))).length;
  return { visits: done, commonAreaVisits: areaCount };
}
