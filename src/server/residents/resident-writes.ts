/** Writing residents: the licence limit, bulk inserts (create and import), edits, status and delete, phones. */
import { AppError } from '../../shared/platform/errors.js';
import { licenceLimitMessage } from '../../shared/residents/resident-rules.js';
import { type CommunityScope, NOW } from '../platform/db/community-scope.js';
import type { Queryable } from '../platform/db/db.js';

export interface NewResident {
  firstName: string;
  lastName: string;
  email: string;
  idStreet: number;
  number: string;
  intNumber: string | null;
  action: string | null;
  useapp: boolean;
  notresident: boolean;
  phones: string[];
}

export interface LicenceRoom {
  licences: number;
  used: number;
  club: boolean;
}

/**
 * Locks the community's row for the rest of the transaction and tells its licences and its live
 * residents: two concurrent creates at the last free licence queue here, and the second sees the
 * first's resident.
 */
export async function lockLicences(q: Queryable, communityId: number): Promise<LicenceRoom> {
  const community = await q.one<{ license_total: number; club: boolean }>(
    'SELECT license_total, club FROM communities WHERE id = $1 FOR UPDATE',
    [communityId],
  );
  if (!community) throw new AppError('not_found', 'No tienes un fraccionamiento activo.');
  const live = await q.one<{ n: number }>(
    'SELECT count(*)::int AS n FROM residents WHERE community_id = $1 AND deleted_at IS NULL',
    [communityId],
  );
  return { licences: community.license_total, used: live?.n ?? 0, club: community.club };
}

/** Refuses (409, nothing changed) adding `adding` live residents past the licences. Call inside the transaction. */
export async function assertLicencesFor(q: Queryable, communityId: number, adding: number): Promise<LicenceRoom> {
  const room = await lockLicences(q, communityId);
  if (room.used + adding > room.licences) throw new AppError('conflict', licenceLimitMessage(room.licences));
  return room;
}

/**
 * Inserts residents and their phones with one statement each (`unnest`), whatever their number.
 * Answers the new ids in the order given. The caller checked licences, streets and emails.
 */
export async function insertResidents(
  q: Queryable,
  communityId: number,
  rows: NewResident[],
  club: boolean,
): Promise<number[]> {
  if (!rows.length) return [];
  const inserted = await q.query<{ id: number; email: string }>(
    `INSERT INTO residents (community_id, street_id, number, int_number, first_name, last_name, email, action, useapp, notresident)
     SELECT $1, t.* FROM unnest($2::int[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::bool[], $10::bool[]) AS t
     RETURNING id, email`,
    [
      communityId,
      rows.map((r) => r.idStreet),
      rows.map((r) => r.number),
      rows.map((r) => r.intNumber),
      rows.map((r) => r.firstName),
      rows.map((r) => r.lastName),
      rows.map((r) => r.email),
      rows.map((r) => (club ? r.action : null)),
      rows.map((r) => r.useapp),
      rows.map((r) => r.notresident),
    ],
  );
  const idByEmail = new Map(inserted.map((r) => [r.email, r.id]));
  const ids = rows.map((r) => idByEmail.get(r.email)!);
  const phones = rows.flatMap((r, i) => r.phones.map((phone, position) => ({ id: ids[i], phone, position })));
  if (phones.length) {
    await q.query(
      'INSERT INTO resident_phones (resident_id, phone, position) SELECT * FROM unnest($1::int[], $2::text[], $3::int2[])',
      [phones.map((p) => p.id), phones.map((p) => p.phone), phones.map((p) => p.position)],
    );
  }
  return ids;
}

/**
 * Sets a resident's phones to the list sent: a phone with the uuid of one of its saved phones
 * changes that phone; one without a uuid is added; saved phones not sent are removed.
 * A uuid that is not one of this resident's phones answers 404.
 */
export async function replacePhones(
  q: Queryable,
  residentId: number,
  phones: { uuid?: string | null; phone: string }[],
) {
  const saved = await q.query<{ uuid: string }>('SELECT uuid FROM resident_phones WHERE resident_id = $1', [
    residentId,
  ]);
  const savedUuids = new Set(saved.map((p) => p.uuid));
  for (const p of phones)
    if (p.uuid && !savedUuids.has(p.uuid)) throw new AppError('not_found', 'El teléfono no existe.');
  const kept = phones.filter((p) => p.uuid).map((p) => p.uuid!);
  await q.query('DELETE FROM resident_phones WHERE resident_id = $1 AND NOT (uuid = ANY($2::uuid[]))', [
    residentId,
    kept,
  ]);
  for (const [position, p] of phones.entries()) {
    if (p.uuid)
      await q.query('UPDATE resident_phones SET phone = $2, position = $3 WHERE uuid = $1', [
        p.uuid,
        p.phone,
        position,
      ]);
    else
      await q.query('INSERT INTO resident_phones (resident_id, phone, position) VALUES ($1, $2, $3)', [
        residentId,
        p.phone,
        position,
      ]);
  }
}

/**
 * Emails among these that a live resident of any community, or an account that is not a
 * resident's, already uses (lower-case). One database function answers it as the owner: an email
 * identifies one person across the portal, while the caller sees only its own community's residents.
 */
export async function takenEmails(q: Queryable, emails: string[]): Promise<Set<string>> {
  if (!emails.length) return new Set();
  const rows = await q.query<{ email: string }>(
    'SELECT porton_taken_emails AS email FROM porton_taken_emails($1::text[])',
    [emails.map((e) => e.toLowerCase())],
  );
  return new Set(rows.map((r) => r.email));
}

/** Deletes a saved phone of a live resident of the scope's community; the only phone left is kept (409). */
export async function deleteResidentPhone(scoped: CommunityScope, uuid: string): Promise<void> {
  await scoped.tx(async (scope, q) => {
    const phone = await scope.first<{ id: number; resident_id: number }>({
      select: 'p.id, p.resident_id',
      from: { table: 'residents', alias: 'r', joins: 'JOIN resident_phones p ON p.resident_id = r.id' },
      where: ['p.uuid = $1', 'r.deleted_at IS NULL'],
      params: [uuid],
      forUpdate: true,
    });
    if (!phone) throw new AppError('not_found', 'El teléfono no existe.');
    const count = await q.one<{ n: number }>('SELECT count(*)::int AS n FROM resident_phones WHERE resident_id = $1', [
      phone.resident_id,
    ]);
    if ((count?.n ?? 0) <= 1) throw new AppError('conflict', 'El residente debe conservar al menos un teléfono.');
    await q.query('DELETE FROM resident_phones WHERE id = $1', [phone.id]);
  });
}

/** A resident's edited fields; `action` is kept only by a club. */
export interface ResidentChanges {
  firstName: string;
  lastName: string;
  email: string;
  idStreet: number;
  number: string;
  intNumber?: string | null;
  action?: string | null;
  useapp: boolean;
  notresident: boolean;
}

/** Writes a resident's edited fields; the club's 'No. acción' only in a club (elsewhere it stays as it was). */
export function updateResident(scope: CommunityScope, id: number, body: ResidentChanges, club: boolean) {
  return scope.update(
    'residents',
    { id },
    {
      first_name: body.firstName,
      last_name: body.lastName,
      email: body.email,
      street_id: body.idStreet,
      number: body.number,
      int_number: body.intNumber,
      ...(club ? { action: body.action } : {}),
      useapp: body.useapp,
      notresident: body.notresident,
      updated_at: NOW,
    },
  );
}

/** Activates a resident (the record, not app use) or deactivates it (app use off too). */
export async function setResidentStatus(scope: CommunityScope, id: number, status: 'ACTIVE' | 'INACTIVE') {
  await scope.update(
    'residents',
    { id },
    status === 'INACTIVE'
      ? { status: 'INACTIVE', useapp: false, updated_at: NOW }
      : { status: 'ACTIVE', updated_at: NOW },
  );
}

/** Marks a resident deleted (its email can be used again). */
export async function markResidentDeleted(scope: CommunityScope, id: number) {
  await scope.update('residents', { id }, { deleted_at: NOW, updated_at: NOW });
}

/** Brings a deleted resident back, active, without app use (that changes by editing `useapp`). */
export async function reactivateResident(scope: CommunityScope, id: number) {
  await scope.update('residents', { id }, { deleted_at: null, status: 'ACTIVE', useapp: false, updated_at: NOW });
}
