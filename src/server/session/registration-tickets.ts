import { REGISTRATION_TICKET_TTL_HOURS } from '../../shared/platform/constants.js';
import type { Queryable } from '../platform/db/db.js';
import type { Mailer } from '../platform/services/mail.js';

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
