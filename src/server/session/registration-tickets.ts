import { REGISTRATION_TICKET_TTL_HOURS } from '../../shared/platform/constants.js';
import type { Db, Queryable } from '../platform/db/db.js';
import type { Mailer } from '../platform/services/mail.js';
import { revokeUserSessions } from '../platform/http/sessions.js';

/**
 * Issues a single-use link ticket for a user (registration or reset). A new ticket cancels the
 * user's older live ones: only the latest link mailed works.
 */
export async function issueTicket(db: Queryable, userId: number): Promise<string> {
  await db.query('UPDATE registration_tickets SET used_at = now() WHERE user_id = $1 AND used_at IS NULL', [userId]);
  const row = await db.one<{ uuid: string }>(
    `INSERT INTO registration_tickets (user_id, expires_at)
     VALUES ($1, now() + make_interval(hours => $2)) RETURNING uuid`,
    [userId, REGISTRATION_TICKET_TTL_HOURS],
  );
  return row!.uuid;
}

export function registrationLink(publicUrl: string, ticket: string) {
  return `${publicUrl.replace(/\/$/, '')}/?type=register&uuid=${ticket}`;
}

export async function mailResetLink(mailer: Mailer, to: string, link: string) {
  await mailer.send({
    to,
    subject: 'Portón: restablece tu contraseña',
    text: `Recibimos una solicitud para restablecer tu contraseña de Portón.\n\nAbre este enlace para elegir una nueva (vence en ${REGISTRATION_TICKET_TTL_HOURS} horas):\n${link}\n\nSi no la solicitaste, ignora este mensaje.`,
  });
}

export async function mailInvitation(mailer: Mailer, to: string, link: string) {
  await mailer.send({
    to,
    subject: 'Portón: completa tu registro',
    text: `Te dieron de alta en Portón.\n\nAbre este enlace para elegir tu contraseña (vence en ${REGISTRATION_TICKET_TTL_HOURS} horas):\n${link}`,
  });
}

const LIVE_TICKET = `t.uuid = $1 AND t.used_at IS NULL AND t.expires_at > now()`;

/** The live account a live (unused, unexpired) ticket is for, or undefined. */
export function ticketAccount(q: Queryable, ticket: string) {
  return q.one<{ email: string; first_name: string; user_type_id: number }>(
    `SELECT u.email, u.first_name, u.user_type_id FROM registration_tickets t
       JOIN users u ON u.id = t.user_id AND u.deleted_at IS NULL WHERE ${LIVE_TICKET}`,
    [ticket],
  );
}

/**
 * Redeems a live ticket with the chosen password: the ticket is used, a pending account becomes
 * active, and every open session of the account ends. The account's type, or null for no live ticket.
 */
export async function redeemTicket(
  db: Db,
  ticket: string,
  passwordHash: string,
): Promise<{ user_type_id: number } | null> {
  return db.tx(async (q) => {
    const row = await q.one<{ user_id: number; user_type_id: number }>(
      `SELECT t.user_id, u.user_type_id FROM registration_tickets t
         JOIN users u ON u.id = t.user_id AND u.deleted_at IS NULL WHERE ${LIVE_TICKET} FOR UPDATE OF t`,
      [ticket],
    );
    if (!row) return null;
    await q.query('UPDATE registration_tickets SET used_at = now() WHERE uuid = $1', [ticket]);
    await q.query(
      `UPDATE users SET password_hash = $1, status = CASE WHEN status = 'PENDING' THEN 'ACTIVE' ELSE status END WHERE id = $2`,
      [passwordHash, row.user_id],
    );
    // A new password ends every open session of the account.
    await revokeUserSessions(q, row.user_id);
    return row;
  });
}

/** The live, not disabled account of a (lower-case) email, which may ask for a password reset. */
export function resettableAccount(q: Queryable, email: string) {
  return q.one<{ id: number; email: string }>(
    `SELECT id, email FROM users WHERE lower(email) = $1 AND deleted_at IS NULL AND status <> 'DISABLED'`,
    [email],
  );
}
