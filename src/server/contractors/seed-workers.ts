/**
 * Demo construction workers, first start only: on each site of contratista@porton.mx,
 * workers in every status (Pendiente, Aprobado, Rechazado with a reason), each with a photo, an
 * ID and a proof of address stored like uploaded ones.
 */
import type { Config } from '../config.js';
import { storageFor } from '../platform/services/storage.js';
import { storeWorkerFile } from './worker-files.js';
import type { Db } from '../platform/db/db.js';
import { demoProofOfAddress, demoWorkerId, demoWorkerPhoto } from './demo-worker-files.js';

const WORKERS = [
  { first: 'Ramiro', last: 'Soto Aguilar', status: 'Aprobado', reason: null },
  { first: 'Esteban', last: 'Luna Prieto', status: 'Aprobado', reason: null },
  { first: 'Julián', last: 'Mora Cisneros', status: 'Pendiente', reason: null },
  { first: 'Óscar', last: 'Vega Treviño', status: 'Rechazado', reason: 'La identificación está vencida.' },
] as const;
/** Other people on the second site (a person works on one site at a time). */
const SECOND_SITE_WORKERS = [
  { first: 'Benito', last: 'Cruz Salas', status: 'Pendiente', reason: null },
  { first: 'Alma', last: 'Reyes Duarte', status: 'Pendiente', reason: null },
] as const;

export async function seedDemoWorkers(db: Db, config: Pick<Config, 'dataDir'>) {
  const storage = storageFor(config);
  const sites = await db.query<{ id: number; community_id: number; user_id: number; name: string }>(
    `SELECT c.id, c.community_id, k.user_id, c.name FROM constructions c JOIN contractors k ON k.id = c.contractor_id
       JOIN users u ON u.id = k.user_id WHERE u.email = 'contratista@porton.mx' ORDER BY c.id`,
  );
  const admin = await db.one<{ id: number }>("SELECT id FROM users WHERE email = 'administrador@porton.mx'");
  let seed = 0;
  for (const [siteIndex, site] of sites.entries()) {
    // The second site has only pending requests (it starts later): the requests table shows both kinds.
    const workers = siteIndex === 0 ? WORKERS : SECOND_SITE_WORKERS;
    for (const w of workers) {
      seed++;
      await db.tx(async (q) => {
        const name = `${w.first} ${w.last}`;
        const photo = await storeWorkerFile(q, storage, {
          slot: 'photo',
          data: demoWorkerPhoto(seed),
          mimeType: 'image/png',
          extension: 'png',
          name: 'foto.png',
        });
        const id = await storeWorkerFile(q, storage, {
          slot: 'identification',
          data: demoWorkerId(seed),
          mimeType: 'image/png',
          extension: 'png',
          name: 'identificacion.png',
        });
        const proof = await storeWorkerFile(q, storage, {
          slot: 'proofOfAddress',
          data: demoProofOfAddress(name),
          mimeType: 'application/pdf',
          extension: 'pdf',
          name: 'comprobante.pdf',
        });
        const decided = w.status !== 'Pendiente';
        await q.query(
          `INSERT INTO construction_workers (community_id, construction_id, first_name, last_name, status, reject_reason, photo_file_id,
                  identification_file_id, proof_of_address_file_id, created_by_user_id, decided_by_user_id, decided_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
          [
            site.community_id,
            site.id,
            w.first,
            w.last,
            w.status,
            w.reason,
            photo.id,
            id.id,
            proof.id,
            site.user_id,
            decided ? (admin?.id ?? null) : null,
            decided ? new Date() : null,
          ],
        );
      });
    }
  }
}
