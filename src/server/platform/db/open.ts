import type { Config } from '../../config.js';
import type { Db } from './db.js';
import { migrate } from './migrate.js';
import { APPLICATION_ROLE } from './row-scope.js';

/**
 * After the migrations (run as the owner), every statement runs as the application role, which
 * row-level security contains. Refuses to go on if that role could bypass it.
 */
export async function actAsApplication(db: Db): Promise<void> {
  await db.actAs(APPLICATION_ROLE);
  const role = await db.one<{ name: string; bypass: boolean }>(
    'SELECT current_user AS name, (rolsuper OR rolbypassrls) AS bypass FROM pg_roles WHERE rolname = current_user',
  );
  if (role?.name !== APPLICATION_ROLE || role.bypass) {
    throw new Error(`La base de datos no contiene al rol ${APPLICATION_ROLE}: la seguridad por filas no aplicaría.`);
  }
}

/**
 * Opens the configured database and brings its schema up to date, as its owner; then every
 * statement runs as the application role. With DATABASE_OWNER_URL the migrations use a connection
 * of the owner's that the app closes at once, and the app's own connections (DATABASE_URL) belong
 * to a role that owns nothing.
 */
export async function openDatabase(config: Pick<Config, 'databaseUrl' | 'databaseOwnerUrl' | 'dataDir'>): Promise<Db> {
  if (config.databaseOwnerUrl && !config.databaseUrl)
    throw new Error('DATABASE_OWNER_URL necesita DATABASE_URL (la conexión de la aplicación).');
  const { openPostgres } = config.databaseUrl ? await import('./postgres.js') : { openPostgres: null };
  if (openPostgres && config.databaseOwnerUrl) {
    const owner = await openPostgres(config.databaseOwnerUrl);
    try {
      await migrate(owner);
    } finally {
      await owner.close();
    }
  }
  const db = openPostgres
    ? await openPostgres(config.databaseUrl!)
    : await (await import('./pglite.js')).openPglite(`${config.dataDir.replace(/\/$/, '')}/pg`);
  if (!config.databaseOwnerUrl) await migrate(db);
  await actAsApplication(db);
  return db;
}
