import type { TestApp } from './test-app.js';

/**
 * One session per demo role. administrador@, capturista@, vigilante@, residente@ work in
 * 'Residencial Las Palmas'; administrador2@ in 'Villas del Sol' (another integrator);
 * integrador@ starts in 'Bosques del Valle' (first of its communities by name).
 */
export async function signInActors(t: TestApp) {
  const [admin, capturista, guard, resident, contractor, integrator, generalAdmin, admin2] = await Promise.all(
    [
      'administrador@porton.mx',
      'capturista@porton.mx',
      'vigilante@porton.mx',
      'residente@porton.mx',
      'contratista@porton.mx',
      'integrador@porton.mx',
      'admin@porton.mx',
      'administrador2@porton.mx',
    ].map((email) => t.signIn(email)),
  );
  return {
    admin: t.as(admin),
    capturista: t.as(capturista),
    guard: t.as(guard),
    resident: t.as(resident),
    contractor: t.as(contractor),
    integrator: t.as(integrator),
    generalAdmin: t.as(generalAdmin),
    admin2: t.as(admin2),
  };
}
export type Actors = Awaited<ReturnType<typeof signInActors>>;

/** Row count of a table, to prove a refused request changed nothing. */
export async function countRows(t: TestApp, table: string): Promise<number> {
  return (await t.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))!.n;
}
