/**
 * Demo residents, first start only: every demo resident gets an email and phones, and
 * each community gets more residents in every state of the registration code (not activated,
 * valid code, expired code, activated). 'Bosques del Valle' is the demo club: its residents
 * carry an action number.
 */
import { codeSigningKey, issueCodes } from './resident-codes.js';
import { hashPassword } from '../session/passwords.js';
import { UserType } from '../../shared/platform/roles.js';
import type { Db, Queryable } from '../platform/db/db.js';
import { DEMO_PASSWORD } from '../platform/db/demo-data.js';

export const DEMO_CLUB = 'Bosques del Valle';
const FIRST = [
  'Alejandro',
  'Beatriz',
  'Claudia',
  'Diego',
  'Elena',
  'Francisco',
  'Gabriela',
  'Héctor',
  'Irene',
  'Javier',
  'Karla',
  'Luis',
  'Mariana',
  'Nicolás',
  'Olga',
  'Pablo',
];
const LAST = [
  'García López',
  'Pérez Núñez',
  'Torres Medina',
  'Rojas Salinas',
  'Domínguez Lara',
  'Herrera Quiroz',
  'Jiménez Ávila',
  'Navarro Solís',
  'Cortés Fuentes',
  'Estrada Muñoz',
  'Valdez Ochoa',
  'Zamora Peña',
];
const STATES = ['notActivated', 'valid', 'expired', 'activated'] as const;
const PER_COMMUNITY = 12;

const slug = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]+/g, '.')
    .replace(/^\.|\.$/g, '');
const phoneOf = (n: number) => `55${String(10_000_000 + n * 7_919).slice(-8)}`;

export async function seedDemoResidents(db: Db) {
  const key = await codeSigningKey(db);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.tx(async (q) => {
    await q.query('UPDATE communities SET club = true WHERE name = $1', [DEMO_CLUB]);
    // The seeded residents: an email (the demo resident keeps hers) and a phone.
    const seeded = await q.query<{ id: number; first_name: string; last_name: string; email: string | null }>(
      'SELECT id, first_name, last_name, email FROM residents ORDER BY id',
    );
    for (const r of seeded) {
      const email = r.email ?? `${slug(r.first_name)}.${slug(r.last_name.split(' ')[0])}${r.id}@correo.mx`;
      await q.query('UPDATE residents SET email = $2 WHERE id = $1', [r.id, email]);
      await q.query('INSERT INTO resident_phones (resident_id, phone) VALUES ($1, $2)', [r.id, phoneOf(r.id + 1000)]);
    }
    const communities = await q.query<{ id: number; name: string; club: boolean }>(
      'SELECT id, name, club FROM communities ORDER BY id',
    );
    let n = 0;
    for (const c of communities) {
      const streets = await q.query<{ id: number }>('SELECT id FROM streets WHERE community_id = $1 ORDER BY id', [
        c.id,
      ]);
      if (!streets.length) continue;
      for (let i = 0; i < PER_COMMUNITY; i++, n++) {
        const state = STATES[i % STATES.length];
        const first = FIRST[n % FIRST.length];
        const last = LAST[(n * 5) % LAST.length];
        const email = `${slug(first)}.${slug(last.split(' ')[0])}${n + 1}@correo.mx`;
        const row = (await q.one<{ id: number; uuid: string }>(
          `INSERT INTO residents (community_id, street_id, number, int_number, first_name, last_name, email, action, useapp, notresident)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id, uuid`,
          [
            c.id,
            streets[i % streets.length].id,
            String(20 + i * 3),
            i % 5 === 0 ? 'B' : null,
            first,
            last,
            email,
            c.club ? `A-${101 + i}` : null,
            state !== 'notActivated',
            i % 7 === 6,
          ],
        ))!;
        const phones = i % 3 === 0 ? [phoneOf(n), phoneOf(n + 500)] : [phoneOf(n)];
        for (const [position, phone] of phones.entries()) {
          await q.query('INSERT INTO resident_phones (resident_id, phone, position) VALUES ($1, $2, $3)', [
            row.id,
            phone,
            position,
          ]);
        }
        await seedCodeState(q, key, passwordHash, c.id, { ...row, email, firstName: first, lastName: last }, state);
      }
    }
  });
}

async function seedCodeState(
  q: Queryable,
  key: Uint8Array,
  passwordHash: string,
  communityId: number,
  r: { id: number; uuid: string; email: string; firstName: string; lastName: string },
  state: (typeof STATES)[number],
) {
  if (state === 'valid') await issueCodes(key, q, [{ id: r.id, uuid: r.uuid, email: r.email, firstName: r.firstName }]);
  if (state === 'expired')
    await issueCodes(
      key,
      q,
      [{ id: r.id, uuid: r.uuid, email: r.email, firstName: r.firstName }],
      Date.now() - 2 * 3_600_000,
    );
  if (state !== 'activated') return;
  const user = (await q.one<{ id: number }>(
    `INSERT INTO users (email, first_name, last_name, password_hash, user_type_id, active_community_id)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [r.email, r.firstName, r.lastName, passwordHash, UserType.resident, communityId],
  ))!;
  await q.query('INSERT INTO user_communities (user_id, community_id) VALUES ($1, $2)', [user.id, communityId]);
  await q.query('UPDATE residents SET user_id = $2 WHERE id = $1', [r.id, user.id]);
}
