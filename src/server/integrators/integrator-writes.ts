/**
 * Writing integrators (the general administrator's): an integrator and its account are made,
 * changed and deleted together; disabling one is a flag the sign-in and the sessions read.
 */
import { INTEGRATOR_USER_TYPE, type IntegratorBody } from '../../shared/integrators/integrator.schema.js';
import type { Queryable } from '../platform/db/db.js';
import { revokeUserSessions } from '../platform/http/sessions.js';

/** Whether a live account (other than `exceptUserId`'s) has the email, in any case. */
export const emailTaken = async (q: Queryable, email: string, exceptUserId: number | null) =>
  Boolean(
    await q.one(
      'SELECT 1 FROM users WHERE lower(email) = lower($1) AND deleted_at IS NULL AND ($2::int IS NULL OR id <> $2)',
      [email, exceptUserId],
    ),
  );

const fields = (body: IntegratorBody, addressId: number) => [
  body.name,
  body.lastName,
  body.phone,
  body.street,
  body.number,
  body.intNumber,
  addressId,
  body.licenses,
];

/** Inserts an integrator and its account (type 14, ACTIVE, with the access code's hash). */
export async function insertIntegrator(q: Queryable, body: IntegratorBody, addressId: number, passwordHash: string) {
  const user = (await q.one<{ id: number; uuid: string }>(
    `INSERT INTO users (email, first_name, last_name, password_hash, user_type_id, status)
           VALUES ($1, $2, $3, $4, $5, 'ACTIVE') RETURNING id, uuid`,
    [body.user.email, body.name, body.lastName, passwordHash, INTEGRATOR_USER_TYPE],
  ))!;
  const integrator = (await q.one<{ id: number; uuid: string }>(
    `INSERT INTO integrators (name, last_name, phone, street, number, int_number, address_id, licenses, user_id)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id, uuid`,
    [...fields(body, addressId), user.id],
  ))!;
  return { integrator, user };
}

/** An integrator's own data and licences. */
export async function updateIntegrator(q: Queryable, id: number, body: IntegratorBody, addressId: number) {
  await q.query(
    `UPDATE integrators SET name = $1, last_name = $2, phone = $3, street = $4, number = $5, int_number = $6,
                  address_id = $7, licenses = $8 WHERE id = $9`,
    [...fields(body, addressId), id],
  );
}

/** The integrator's account: its email and name. */
export async function updateIntegratorAccount(q: Queryable, userId: number, body: IntegratorBody) {
  await q.query('UPDATE users SET email = $1, first_name = $2, last_name = $3 WHERE id = $4', [
    body.user.email,
    body.name,
    body.lastName,
    userId,
  ]);
}

/** Locks the integrator's row and tells whether it has communities (then it cannot be deleted). */
export async function lockIntegratorWithCommunities(q: Queryable, id: number): Promise<boolean> {
  await q.one('SELECT id FROM integrators WHERE id = $1 FOR UPDATE', [id]);
  return Boolean(await q.one('SELECT 1 FROM communities WHERE integrator_id = $1 LIMIT 1', [id]));
}

/** Deletes an integrator; its account is marked deleted and disabled, and its sessions end. */
export async function deleteIntegrator(q: Queryable, integrator: { id: number; user_id: number }) {
  await q.query('DELETE FROM integrators WHERE id = $1', [integrator.id]);
  await q.query(`UPDATE users SET deleted_at = now(), status = 'DISABLED' WHERE id = $1`, [integrator.user_id]);
  await revokeUserSessions(q, integrator.user_id);
}

/** Enables or disables an integrator by uuid; its id, or undefined when there is none. */
export const setIntegratorEnabled = (q: Queryable, uuid: string, enabled: boolean) =>
  q.one<{ id: number }>('UPDATE integrators SET enabled = $1 WHERE uuid = $2 RETURNING id', [enabled, uuid]);
