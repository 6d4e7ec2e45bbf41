import { AppError } from '../../shared/platform/errors.js';
import type { IntegratorDashboard } from '../../shared/integrators/integrator-types.js';
import type { Queryable } from '../platform/db/db.js';

/**
 * Licence accounting: the licences an integrator assigns to its
 * communities (`communities.license_total`) never add up to more than it was given
 * (`integrators.licenses`). Every change that could break that runs in a transaction holding
 * the integrator's row lock, so two concurrent saves cannot both spend the same licences.
 */
export async function lockIntegratorLicences(q: Queryable, integratorId: number): Promise<number> {
  const row = await q.one<{ licenses: number }>('SELECT licenses FROM integrators WHERE id = $1 FOR UPDATE', [
    integratorId,
  ]);
  if (!row) throw new AppError('not_found', 'El integrador no existe.');
  return row.licenses;
}

/** Licences assigned to the integrator's communities, optionally leaving one out (the one being edited). */
export async function assignedLicences(
  q: Queryable,
  integratorId: number,
  exceptCommunityId: number | null = null,
): Promise<number> {
  const row = await q.one<{ used: number }>(
    `SELECT COALESCE(sum(license_total), 0)::int AS used FROM communities
      WHERE integrator_id = $1 AND ($2::int IS NULL OR id <> $2)`,
    [integratorId, exceptCommunityId],
  );
  return row?.used ?? 0;
}

/** Refuses (409, nothing changed) a community licence total the integrator cannot cover. Call inside the transaction. */
export async function assertLicencesFit(
  q: Queryable,
  integratorId: number,
  requested: number,
  exceptCommunityId: number | null,
) {
  const total = await lockIntegratorLicences(q, integratorId);
  const used = await assignedLicences(q, integratorId, exceptCommunityId);
  const available = total - used;
  if (requested > available) {
    throw new AppError(
      'conflict',
      `No hay licencias suficientes: solicitaste ${requested} y el integrador tiene ${Math.max(available, 0)} disponibles de ${total}.`,
      { licenseTotal: `Licencias disponibles: ${Math.max(available, 0)}.` },
    );
  }
}

/** Refuses (409) giving an integrator fewer licences than its communities already hold. Call inside the transaction. */
export async function assertIntegratorCovers(q: Queryable, integratorId: number, licenses: number) {
  await lockIntegratorLicences(q, integratorId);
  const used = await assignedLicences(q, integratorId);
  if (licenses < used) {
    throw new AppError(
      'conflict',
      `No es posible asignar ${licenses} licencias: sus fraccionamientos ya tienen ${used} asignadas.`,
      { licenses: `Mínimo ${used} licencias.` },
    );
  }
}

/** `GET api/integrator/dashboard`: [total, used, available]. */
export async function licenceSummary(q: Queryable, integratorId: number): Promise<IntegratorDashboard> {
  const row = await q.one<{ total: number; used: number }>(
    `SELECT i.licenses AS total, COALESCE((SELECT sum(c.license_total) FROM communities c WHERE c.integrator_id = i.id), 0)::int AS used
       FROM integrators i WHERE i.id = $1`,
    [integratorId],
  );
  const total = row?.total ?? 0;
  const used = row?.used ?? 0;
  return [total, used, total - used];
}
