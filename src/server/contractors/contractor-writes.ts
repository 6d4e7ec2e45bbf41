/**
 * Writing contractors: the contractor's record in the community (its address in parts) and its
 * account, a user of type contractor made for this community alone.
 */
import { UserType } from '../../shared/platform/roles.js';
import { type CommunityScope, NOW } from '../platform/db/community-scope.js';
import type { Queryable } from '../platform/db/db.js';
import { revokeUserSessions } from '../platform/http/sessions.js';

/** The contractor's names and phone, as its account (a user of type contractor) carries them. */
export interface ContractorAccount {
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
}

/** Creates the contractor's account, pending until its registration link is used; answers its id. */
export async function insertContractorAccount(
  q: Queryable,
  who: ContractorAccount,
  createdBy: number,
  communityId: number,
): Promise<number> {
  return (await q.one<{ id: number }>(
    `INSERT INTO users (email, first_name, last_name, user_type_id, status, phone, created_by, active_community_id)
     VALUES ($1, $2, $3, $4, 'PENDING', NULLIF($5, ''), $6, $7) RETURNING id`,
    [who.email, who.firstName, who.lastName, UserType.contractor, who.phone, createdBy, communityId],
  ))!.id;
}

/** Keeps the account's names and phone equal to the contractor's. */
export async function updateContractorAccount(q: Queryable, userId: number, who: Omit<ContractorAccount, 'email'>) {
  await q.query(`UPDATE users SET first_name = $2, last_name = $3, phone = NULLIF($4, '') WHERE id = $1`, [
    userId,
    who.firstName,
    who.lastName,
    who.phone,
  ]);
}

/** Deletes the contractor's account (logically) and ends its open sessions. */
export async function retireContractorAccount(q: Queryable, userId: number) {
  await q.query('UPDATE users SET deleted_at = now() WHERE id = $1', [userId]);
  await revokeUserSessions(q, userId);
}

/** A contractor's record: names, company, phone and address in parts. */
export interface ContractorRecord {
  firstName: string;
  lastName: string;
  enterprise: string;
  phone: string;
  fullAddress: { street: string; number: string; postalCode: string; city: string };
}

/** Makes the account a member of the scope's community and inserts its contractor record; its id. */
export async function insertContractor(scope: CommunityScope, userId: number, body: ContractorRecord): Promise<number> {
  await scope.insertRow('user_communities', { user_id: userId });
  const a = body.fullAddress;
  return scope.insert('contractors', {
    user_id: userId,
    first_name: body.firstName,
    last_name: body.lastName,
    enterprise: body.enterprise,
    phone: body.phone,
    street: a.street,
    number: a.number,
    postal_code: a.postalCode,
    city: a.city,
  });
}

export async function updateContractor(scope: CommunityScope, id: number, body: ContractorRecord): Promise<void> {
  const a = body.fullAddress;
  await scope.update(
    'contractors',
    { id },
    {
      first_name: body.firstName,
      last_name: body.lastName,
      enterprise: body.enterprise,
      phone: body.phone,
      street: a.street,
      number: a.number,
      postal_code: a.postalCode,
      city: a.city,
      updated_at: NOW,
    },
  );
}

/** Deletes a contractor's record and its account's membership of the community. */
export async function deleteContractor(scope: CommunityScope, contractor: { id: number; user_id: number }) {
  await scope.delete('contractors', { id: contractor.id });
  // The contractor's account was made for this community alone (its email was free), so this is its only membership.
  await scope.deleteWhere('user_communities', ['user_id = $1'], [contractor.user_id]);
}
