/**
 * Demo contractor and sites, first start only: contratista@porton.mx becomes the
 * contractor of the first demo community, with two sites there (one running, one starting in a
 * month). The workers' seed adds their workers.
 */
import { addHours, localNow } from '../../shared/massive-events/massive-event-rules.js';
import type { Db } from '../platform/db/db.js';

const SITES = [
  {
    name: 'Casa Familia Treviño',
    street: 'Calle Roble',
    number: 'T-14',
    streetNumber: '214',
    startDays: -20,
    endDays: 160,
  },
  {
    name: 'Ampliación Casa Ortiz',
    street: 'Calle Cedro',
    number: 'T-7',
    streetNumber: '37',
    startDays: 30,
    endDays: 120,
  },
] as const;

const day = (days: number) => addHours(localNow(), days * 24).slice(0, 10);

export async function seedDemoContractors(db: Db) {
  await db.tx(async (q) => {
    const community = await q.one<{ id: number }>('SELECT id FROM communities ORDER BY id LIMIT 1');
    const user = await q.one<{ id: number }>(
      `SELECT id FROM users WHERE email = 'contratista@porton.mx' AND deleted_at IS NULL`,
    );
    if (!community || !user) return;
    const contractor = await q.one<{ id: number }>(
      `INSERT INTO contractors (community_id, user_id, first_name, last_name, enterprise, phone, street, number, postal_code, city)
       SELECT $1, u.id, u.first_name, u.last_name, 'Constructora Flores', '8112345678', 'Av. Revolución', '1200', '64000', 'Monterrey'
         FROM users u WHERE u.id = $2
       ON CONFLICT (user_id) DO NOTHING RETURNING id`,
      [community.id, user.id],
    );
    if (!contractor) return;
    for (const s of SITES) {
      await q.query(
        `INSERT INTO constructions (community_id, contractor_id, street_id, name, number, street_number, start_date, end_date)
         SELECT $1, $2, s.id, $4, $5, $6, $7, $8 FROM streets s WHERE s.community_id = $1 AND s.name = $3`,
        [community.id, contractor.id, s.street, s.name, s.number, s.streetNumber, day(s.startDays), day(s.endDays)],
      );
    }
  });
}
