import { hashPassword } from '../../session/passwords.js';
import type { Db, Queryable } from './db.js';
import { DEMO_PASSWORD, demoAccounts, demoCommunities, demoIntegrators, demoPostalCodes } from './demo-data.js';

const idOf = async (q: Queryable, sql: string, params: unknown[]) => (await q.one<{ id: number }>(sql, params))!.id;

export async function upsertPostalCodes(
  q: Queryable,
  rows: { cp: string; colony: string; city: string; state: string }[],
) {
  if (rows.length === 0) return;
  await q.query(
    `INSERT INTO addresses (cp, colony, city, state)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[])
     ON CONFLICT (cp, colony, city) DO UPDATE SET state = EXCLUDED.state`,
    [rows.map((r) => r.cp), rows.map((r) => r.colony), rows.map((r) => r.city), rows.map((r) => r.state)],
  );
}

/** Seeds the demo data when the database has no users. Answers whether it seeded. */
export async function seedIfEmpty(db: Db): Promise<boolean> {
  const count = await db.one<{ n: number }>('SELECT count(*)::int AS n FROM users');
  if (count && count.n > 0) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.tx(async (q) => {
    await upsertPostalCodes(q, demoPostalCodes);
    const users = new Map<string, number>();
    for (const a of demoAccounts) {
      users.set(
        a.email,
        await idOf(
          q,
          `INSERT INTO users (email, first_name, last_name, password_hash, user_type_id) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
          [a.email, a.firstName, a.lastName, passwordHash, a.typeId],
        ),
      );
    }
    const address = (cp: string) => idOf(q, 'SELECT id FROM addresses WHERE cp = $1 ORDER BY id LIMIT 1', [cp]);
    const integrators = new Map<string, number>();
    for (const i of demoIntegrators) {
      const account = demoAccounts.find((a) => a.email === i.email)!;
      integrators.set(
        i.email,
        await idOf(
          q,
          `INSERT INTO integrators (user_id, name, last_name, phone, street, number, address_id, licenses)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
          [
            users.get(i.email),
            account.firstName,
            account.lastName,
            i.phone,
            i.street,
            i.number,
            await address(i.cp),
            i.licenses,
          ],
        ),
      );
    }
    for (const c of demoCommunities) {
      const communityId = await idOf(
        q,
        `INSERT INTO communities (integrator_id, name, address_id, street, ext_number, license_total, admin_user_id)
         VALUES ($1, $2, $3, 'Av. Principal', '100', $4, $5) RETURNING id`,
        [integrators.get(c.integrator), c.name, await address(c.cp), c.licenses, users.get(c.admins[0])],
      );
      for (const email of [...c.admins, ...c.members]) {
        await q.query('INSERT INTO user_communities (user_id, community_id) VALUES ($1, $2)', [
          users.get(email),
          communityId,
        ]);
        await q.query('UPDATE users SET active_community_id = COALESCE(active_community_id, $1) WHERE id = $2', [
          communityId,
          users.get(email),
        ]);
      }
      const streets = new Map<string, number>();
      for (const z of c.zones) {
        const zoneId = await idOf(q, 'INSERT INTO zones (community_id, name) VALUES ($1, $2) RETURNING id', [
          communityId,
          z.name,
        ]);
        for (const s of z.streets) {
          streets.set(
            s,
            await idOf(q, 'INSERT INTO streets (community_id, zone_id, name) VALUES ($1, $2, $3) RETURNING id', [
              communityId,
              zoneId,
              s,
            ]),
          );
        }
      }
      for (const r of c.residents) {
        await q.query(
          `INSERT INTO residents (community_id, street_id, number, first_name, last_name, user_id, email, useapp)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
          [
            communityId,
            streets.get(r.street),
            r.number,
            r.first,
            r.last,
            r.user ? users.get(r.user) : null,
            r.user ?? null,
            !!r.user,
          ],
        );
      }
    }
  });
  return true;
}
