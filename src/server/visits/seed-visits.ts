/**
 * Demo visit history on first start: about a year of visits per demo community, a
 * few thousand each, as a gate sees them (see visit-history.ts), some visitors still inside,
 * common-area visits, and identification photos on some recent ones. The dashboard's charts and
 * the reports then show real shapes. Rows go in with one unnest insert per batch.
 */
import type { Db } from '../platform/db/db.js';
import { storageFor } from '../platform/services/storage.js';
import { storePhoto } from './visit-photos.js';
import type { Config } from '../config.js';
import { demoIdPhoto } from './demo-photos.js';
import { commonAreaHistory, visitHistory, type VisitRow } from './visit-history.js';
import { seededRandom } from './seeded-random.js';
import { historyContext, insertCommonAreaVisits, insertVisits } from './visit-history-rows.js';

/** Visits per demo community over the year (the first community gets the most). */
const VISITS = [4_000, 2_000, 1_500];
const COMMON_AREA_VISITS = 300;
const PHOTOS = 24;
const BATCH = 1_000;

export async function seedDemoVisits(db: Db, config: Pick<Config, 'dataDir'>, now = Date.now()) {
  const storage = storageFor(config);
  const communities = await db.query<{ id: number }>('SELECT id FROM communities ORDER BY id');
  for (const [index, { id }] of communities.entries()) {
    const random = seededRandom(1_000 + id);
    const { ctx, areas } = await historyContext(db, id);
    await db.tx(async (q) => {
      let batch: VisitRow[] = [];
      const recent: number[] = [];
      for (const row of visitHistory(random, ctx, VISITS[index] ?? 1_000, 365, now)) {
        batch.push(row);
        if (batch.length === BATCH) {
          recent.splice(0, recent.length, ...(await insertVisits(q, batch)));
          batch = [];
        }
      }
      if (batch.length) recent.push(...(await insertVisits(q, batch)));
      // Photos on some of the latest visits (the newest are last in the last batch).
      for (const visitId of recent.slice(-PHOTOS * 3).filter((_, i) => i % 3 === 0)) {
        const fileId = await storePhoto(storage, q, {
          data: demoIdPhoto(random),
          mimeType: 'image/png',
          extension: 'png',
        });
        await q.query('UPDATE visits SET photo_file_id = $2 WHERE id = $1', [visitId, fileId]);
      }
      const areaIds = await insertCommonAreaVisits(q, [
        ...commonAreaHistory(random, ctx, areas, COMMON_AREA_VISITS, 365, now),
      ]);
      for (const visitId of areaIds.slice(-10)) {
        const fileId = await storePhoto(storage, q, {
          data: demoIdPhoto(random),
          mimeType: 'image/png',
          extension: 'png',
        });
        await q.query('UPDATE common_area_visits SET photo_file_id = $2 WHERE id = $1', [visitId, fileId]);
      }
    });
  }
}
