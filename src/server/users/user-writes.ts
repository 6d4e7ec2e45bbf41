import * as v from 'valibot';
import { AppError } from '../../shared/platform/errors.js';
import { fieldErrors } from '../../shared/platform/form-validation.js';
import { userPayloadSchemaFor, type UserPayload } from '../../shared/users/user.schema.js';
import {
  canCreateUserType,
  CHATBOT_NOT_ALLOWED,
  chatbotAllowed,
  CONTRACTOR_BLOCKED,
  isGuardType,
  TYPE_NOT_ALLOWED,
} from '../../shared/users/user-types-allowed.js';
import type { Queryable } from '../platform/db/db.js';
import type { AuthContext } from '../platform/http/auth-context.js';
import { requireCommunity } from '../platform/http/route.js';
import { issueTicket } from '../session/registration-tickets.js';
import { administrativeResidentConfigured, assertAddress, assertCodeFree, assertEmailFree } from './user-checks.js';

/** Parses every user again with the caller's schema (the integrator's adds the address rule). */
export function parseForRole(auth: AuthContext, users: UserPayload[], prefix: (i: number) => string): UserPayload[] {
  const schema = userPayloadSchemaFor(auth.role);
  return users.map((user, i) => {
    const result = v.safeParse(schema, user);
    if (result.success) return result.output;
    const fields = Object.fromEntries(
      Object.entries(fieldErrors(result.issues)).map(([k, m]) => [`${prefix(i)}${k}`, m]),
    );
    throw new AppError('invalid_request', Object.values(fields).join(' '), fields);
  });
}

export function assertMayCreate(auth: AuthContext, typeId: number, field: string) {
  const verdict = canCreateUserType(auth.role, typeId);
  if (verdict.ok) return;
  if (verdict.reason === 'contractor') {
    throw new AppError('forbidden', CONTRACTOR_BLOCKED.title, { [`${field}idUsersTypes`]: CONTRACTOR_BLOCKED.detail });
  }
  throw new AppError('forbidden', TYPE_NOT_ALLOWED, { [`${field}idUsersTypes`]: TYPE_NOT_ALLOWED });
}

export async function assertChatbot(
  q: Queryable,
  auth: AuthContext,
  user: UserPayload,
  isSelf: boolean,
  field: string,
) {
  if (!user.useApp) return;
  const configured = isSelf ? await administrativeResidentConfigured(q, auth.communityId) : false;
  if (!chatbotAllowed({ typeId: user.idUsersTypes, isSelf, administrativeResidentConfigured: configured })) {
    throw new AppError('invalid_request', CHATBOT_NOT_ALLOWED, { [`${field}useApp`]: CHATBOT_NOT_ALLOWED });
  }
}

/**
 * Creates one user as PENDING: an administrator's users join its active community (guards'
 * codes are unique there); an integrator's and the general administrator's are not assigned
 * yet (the community form assigns administrators). Answers the id and the invitation ticket
 * (null for a guard without email).
 */
export async function createUser(q: Queryable, auth: AuthContext, user: UserPayload, field: string) {
  assertMayCreate(auth, user.idUsersTypes, field);
  const communityId = auth.role === 'admin' ? requireCommunity(auth) : null;
  await assertChatbot(q, auth, user, false, field);
  if (user.idAddress !== null) await assertAddress(q, user.idAddress, user.cp, field);
  if (user.email !== null) await assertEmailFree(q, user.email, null, field);
  const guard = isGuardType(user.idUsersTypes);
  if (guard && communityId === null) throw new AppError('forbidden', TYPE_NOT_ALLOWED);
  if (guard) await assertCodeFree(q, communityId!, user.vigilantCode!, null, field);
  const row = await q.one<{ id: number; uuid: string }>(
    `INSERT INTO users (email, first_name, last_name, user_type_id, status, vigilant_code, code_community_id,
       chatbot_use_app, phone, address_id, street, ext_number, int_number, created_by, active_community_id)
     VALUES ($1, $2, $3, $4, 'PENDING', $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING id, uuid`,
    [
      user.email,
      user.firstName,
      user.lastName,
      user.idUsersTypes,
      guard ? user.vigilantCode : null,
      guard ? communityId : null,
      !!user.useApp,
      user.useApp ? user.phoneNumber : null,
      user.idAddress,
      user.idAddress !== null ? user.street : null,
      user.idAddress !== null ? user.extNumber : null,
      user.idAddress !== null ? user.intNumber : null,
      auth.userId,
      communityId,
    ],
  );
  const id = row!.id;
  if (communityId !== null) {
    await q.query('INSERT INTO user_communities (user_id, community_id) VALUES ($1, $2)', [id, communityId]);
  }
  const ticket = user.email !== null ? await issueTicket(q, id) : null;
  return { id, uuid: row!.uuid, email: user.email, ticket };
}

/**
 * Writes an edit of a user: names, the chatbot phone, and the guard's code (`guard`) and the
 * address (an `idAddress` sent) only when they apply; the type and the email never change here.
 */
export async function writeUserEdit(
  q: Queryable,
  id: number,
  user: UserPayload,
  guard: boolean,
  codeCommunity: number | null,
) {
  const withAddress = user.idAddress !== null;
  await q.query(
    `UPDATE users SET first_name = $2, last_name = $3,
       vigilant_code = CASE WHEN $4::boolean THEN $5 ELSE vigilant_code END,
       code_community_id = CASE WHEN $4::boolean THEN $6::int ELSE code_community_id END,
       chatbot_use_app = $7, phone = CASE WHEN $7 THEN $8 ELSE phone END,
       address_id = CASE WHEN $9::boolean THEN $10::int ELSE address_id END,
       street = CASE WHEN $9::boolean THEN $11 ELSE street END,
       ext_number = CASE WHEN $9::boolean THEN $12 ELSE ext_number END,
       int_number = CASE WHEN $9::boolean THEN $13 ELSE int_number END
     WHERE id = $1`,
    [
      id,
      user.firstName,
      user.lastName,
      guard,
      user.vigilantCode,
      codeCommunity,
      !!user.useApp,
      user.phoneNumber,
      withAddress,
      user.idAddress,
      user.street,
      user.extNumber,
      user.intNumber,
    ],
  );
}
