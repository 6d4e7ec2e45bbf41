/**
 * The registration code: single use, valid 15 minutes, its expiry carried
 * in a signed token (`testResidentRegistration.jwtToken`, HS256, `exp`). Issuing replaces a
 * pending code. The code is mailed to the resident; the resident app sends it back with the email
 * and a new password (`POST api/residents/register`), which makes the resident's account.
 */
import { randomInt } from 'node:crypto';
import { SignJWT } from 'jose';
import { REGISTRATION_CODE_TTL_MINUTES } from '../../shared/residents/resident-rules.js';
import type { Queryable } from '../platform/db/db.js';
import type { Mailer } from '../platform/services/mail.js';
import { signingKey } from '../platform/services/app-secrets.js';

/** No 0/O, 1/I/L: the code is read aloud and typed on a phone. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const CODE_LENGTH = 6;

export const newCode = () => Array.from({ length: CODE_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

/** This installation's signing key of registration codes (every process signs alike). */
export const codeSigningKey = (db: Queryable): Promise<Uint8Array> => signingKey(db, 'resident_code_jwt');

export interface IssuedCode {
  residentId: number;
  email: string;
  firstName: string;
  code: string;
  expiresAt: Date;
}

/**
 * Issues a fresh code to each resident (replacing a pending one), in one statement. The key comes
 * from `codeSigningKey(db)`, read before the caller's transaction opens.
 */
export async function issueCodes(
  key: Uint8Array,
  q: Queryable,
  residents: { id: number; uuid: string; email: string; firstName: string }[],
  now = Date.now(),
): Promise<IssuedCode[]> {
  if (!residents.length) return [];
  const expiresAt = new Date(now + REGISTRATION_CODE_TTL_MINUTES * 60_000);
  const issued = await Promise.all(
    residents.map(async (r) => ({
      residentId: r.id,
      email: r.email,
      firstName: r.firstName,
      code: newCode(),
      expiresAt,
      token: await new SignJWT({ purpose: 'resident-registration' })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(r.uuid)
        .setIssuedAt(Math.floor(now / 1000))
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key),
    })),
  );
  await q.query('DELETE FROM resident_codes WHERE resident_id = ANY($1::int[]) AND used_at IS NULL', [
    issued.map((c) => c.residentId),
  ]);
  await q.query(
    `INSERT INTO resident_codes (resident_id, code, jwt_token, expires_at)
     SELECT t.id, t.code, t.token, $4 FROM unnest($1::int[], $2::text[], $3::text[]) AS t(id, code, token)`,
    [issued.map((c) => c.residentId), issued.map((c) => c.code), issued.map((c) => c.token), expiresAt],
  );
  return issued.map(({ token: _token, ...code }) => code);
}

/** The resident who redeems a code, as the registration reads it. */
export interface RedeemingResident {
  id: number;
  community_id: number;
  first_name: string;
  last_name: string;
  user_id: number | null;
  status: string;
  useapp: boolean;
}

/**
 * The live resident an email names, locked, in whichever community it lives (a live resident's
 * email is unique across communities). Redeeming a code comes before any session: this lookup is
 * what finds the community (the route is `platform`); everything after it goes through that
 * community's scope (`communityScopeOf`).
 */
export function redeemingResident(q: Queryable, email: string): Promise<RedeemingResident | undefined> {
  return q.one<RedeemingResident>(
    `SELECT id, community_id, first_name, last_name, user_id, status, useapp FROM residents
      WHERE lower(email) = $1 AND deleted_at IS NULL FOR UPDATE`,
    [email],
  );
}

/** Drops a resident's pending code (app use turned off, resident disabled or deleted). */
export async function dropPendingCode(q: Queryable, residentId: number) {
  await q.query('DELETE FROM resident_codes WHERE resident_id = $1 AND used_at IS NULL', [residentId]);
}

export function codeMail(c: IssuedCode, communityName: string) {
  return {
    to: c.email,
    subject: 'Portón: tu código de registro',
    text:
      `Hola, ${c.firstName}.\n\nLa administración de ${communityName} te dio de alta en Portón.\n\n` +
      `Tu código de registro es: ${c.code}\n\nEscríbelo en la app de Portón con este correo y elige tu contraseña. ` +
      `Vence en ${REGISTRATION_CODE_TTL_MINUTES} minutos y sirve una sola vez; si vence, pide a la administración que te lo reenvíe.`,
  };
}

/** Mails the codes one after another; a failed mail is logged and does not stop the others. */
export async function mailCodes(
  mailer: Mailer,
  codes: IssuedCode[],
  communityName: string,
  log: (error: unknown) => void,
) {
  for (const c of codes) {
    try {
      await mailer.send(codeMail(c, communityName));
    } catch (error) {
      log(error);
    }
  }
}
