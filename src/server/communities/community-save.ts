import { AppError } from '../../shared/platform/errors.js';
import type { CommunityBody, LogoFile } from '../../shared/communities/community.schema.js';
import type { Db, Queryable } from '../platform/db/db.js';
import { withConstraints } from '../platform/db/db-errors.js';
import { checkAddress } from '../platform/services/address-check.js';
import { auditedUpdate, recordAudit, type AuditWho } from '../audit/audit.js';
import { addAdminMembership, assertReachableAdmin } from './community-admins.js';
import { ownCommunityRow } from './community-rows.js';
import { assertLicencesFit } from './licences.js';
import { decodeLogo, insertFileRow, storeImage, type DecodedImage } from '../platform/services/logo-upload.js';
import type { FileStorage } from '../platform/services/storage.js';

export const COMMUNITY_NOT_FOUND = 'El fraccionamiento no existe.';
export const DUPLICATE_COMMUNITY = 'Ya tienes un fraccionamiento con ese nombre.';

/** `file` absent or without content keeps the logo, `null` removes it, content replaces it. */
type LogoChange = { kind: 'keep' } | { kind: 'remove' } | { kind: 'replace'; image: DecodedImage };

function logoChangeOf(file: LogoFile | null | undefined): LogoChange {
  if (file === null) return { kind: 'remove' };
  if (!file?.content) return { kind: 'keep' };
  return { kind: 'replace', image: decodeLogo({ ...file, content: file.content }) };
}

const communityValues = (body: CommunityBody, addressId: number) => [
  body.name,
  addressId,
  body.street,
  body.extNumber,
  body.intNumber,
  body.licenseTotal,
  body.idUser,
];

/**
 * Stores a new logo's bytes before the transaction (so a failed upload changes nothing) and
 * removes them again when the transaction fails.
 */
async function withStoredLogo<T>(
  storage: FileStorage,
  change: LogoChange,
  write: (key: string | null) => Promise<T>,
): Promise<T> {
  const key = change.kind === 'replace' ? await storeImage(storage, change.image) : null;
  try {
    return await write(key);
  } catch (error) {
    if (key) await storage.remove(key).catch(() => undefined);
    throw error;
  }
}

/** `POST api/fracs/admin`: address, administrator and licences checked in one transaction. */
export async function createCommunity(
  db: Db,
  storage: FileStorage,
  integratorId: number,
  body: CommunityBody,
  who: AuditWho,
): Promise<number> {
  const change = logoChangeOf(body.file);
  return withStoredLogo(storage, change, (key) =>
    withConstraints({ duplicate: DUPLICATE_COMMUNITY }, () =>
      db.tx(async (q) => {
        const addressId = await checkAddress(q, body.idAddress, body.cp);
        await assertReachableAdmin(q, integratorId, body.idUser);
        await assertLicencesFit(q, integratorId, body.licenseTotal, null);
        const fileId = key && change.kind === 'replace' ? await insertFileRow(q, key, change.image) : null;
        const row = await q.one<{ id: number; uuid: string }>(
          `INSERT INTO communities (name, address_id, street, ext_number, int_number, license_total, admin_user_id, integrator_id, logo_file_id, logo_path, club)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id, uuid`,
          [...communityValues(body, addressId), integratorId, fileId, key, body.club ?? false],
        );
        await addAdminMembership(q, body.idUser, row!.id);
        await recordAudit(q, { ...who, communityId: row!.id, action: 'community.create', recordUuid: row!.uuid });
        return row!.id;
      }),
    ),
  );
}

async function currentLogo(q: Queryable, communityId: number) {
  return (await q.one<{ file_id: number | null; storage_key: string | null }>(
    `SELECT c.logo_file_id AS file_id, f.storage_key FROM communities c LEFT JOIN files f ON f.id = c.logo_file_id
      WHERE c.id = $1 FOR UPDATE OF c`,
    [communityId],
  ))!;
}

/** `PUT api/fracs/{uuid}`: the same checks; the licences of the edited community are its own. */
export async function updateCommunity(
  db: Db,
  storage: FileStorage,
  integratorId: number,
  uuid: string,
  body: CommunityBody,
  who: AuditWho,
): Promise<number> {
  const current = await ownCommunityRow(db, integratorId, uuid);
  if (!current) throw new AppError('not_found', COMMUNITY_NOT_FOUND);
  const change = logoChangeOf(body.file);
  let oldKey: string | null = null;
  await withStoredLogo(storage, change, (key) =>
    withConstraints({ duplicate: DUPLICATE_COMMUNITY }, () =>
      db.tx(async (q) => {
        const addressId = await checkAddress(q, body.idAddress, body.cp);
        if (body.idUser !== current.admin_id) await assertReachableAdmin(q, integratorId, body.idUser);
        await assertLicencesFit(q, integratorId, body.licenseTotal, current.id);
        const logo = await currentLogo(q, current.id);
        let fileId = logo.file_id;
        let path = logo.storage_key;
        if (change.kind !== 'keep') {
          fileId = key && change.kind === 'replace' ? await insertFileRow(q, key, change.image) : null;
          path = key;
        }
        const target = {
          table: 'communities',
          id: current.id,
          uuid,
          communityId: current.id,
          action: (changes: Record<string, unknown>) =>
            'license_total' in changes ? ('community.licenses' as const) : ('community.update' as const),
        };
        await auditedUpdate(q, who, target, () =>
          q.query(
            `UPDATE communities SET name = $1, address_id = $2, street = $3, ext_number = $4, int_number = $5, license_total = $6,
              admin_user_id = $7, logo_file_id = $8, logo_path = $9, club = COALESCE($11, club) WHERE id = $10`,
            [...communityValues(body, addressId), fileId, path, current.id, body.club ?? null],
          ),
        );
        if (change.kind !== 'keep' && logo.file_id !== null) {
          await q.query('DELETE FROM files WHERE id = $1', [logo.file_id]);
          oldKey = logo.storage_key;
        }
        await addAdminMembership(q, body.idUser, current.id);
      }),
    ),
  );
  if (oldKey) await storage.remove(oldKey).catch(() => undefined);
  return current.id;
}
