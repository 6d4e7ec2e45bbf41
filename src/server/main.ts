import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { DEMO_PASSWORD, demoAccounts } from './platform/db/demo-data.js';
import { openDatabase } from './platform/db/open.js';
import { seedIfEmpty } from './platform/db/seed.js';
import { asPlatform } from './platform/db/row-scope.js';
import { closeGracefully } from './platform/plugins/shutdown.js';
import { seedDemoCatalogues } from './catalogues/seed-catalogues.js';
import { seedDemoResidents } from './residents/seed-residents.js';
import { seedDemoDevices } from './devices/seed-devices.js';
import { seedDemoContent } from './content/seed-content.js';
import { seedDemoVisits } from './visits/seed-visits.js';
import { seedDemoMassiveEvents } from './massive-events/seed-massive-events.js';
import { seedDemoContractors } from './contractors/seed-contractors.js';
import { seedDemoWorkers } from './contractors/seed-workers.js';

const distDir = fileURLToPath(new URL('../../dist/', import.meta.url));

async function main() {
  const config = loadConfig();
  const db = await openDatabase(config);
  // The demo data is the platform's own writing, in every community.
  const seeded = await asPlatform('cargar los datos de demostración', async () => {
    if (!config.seedDemo || !(await seedIfEmpty(db))) return false;
    await seedDemoCatalogues(db);
    await seedDemoResidents(db);
    await seedDemoDevices(db);
    await seedDemoContent(db);
    await seedDemoVisits(db, config);
    await seedDemoMassiveEvents(db);
    await seedDemoContractors(db);
    await seedDemoWorkers(db, config);
    return true;
  });
  const app = await buildApp({ config, db, distDir });

  const shutdown = closeGracefully(app, () => db.close(), config.shutdownGraceMs);
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PostgreSQL embebido en ${config.dataDir}`;
  const lines = [
    '',
    `Portón está listo en ${config.publicUrl}`,
    `Base de datos: ${where}${seeded ? ' (datos de demostración cargados)' : ''}`,
    config.smtpUrl ? 'Correo: SMTP' : 'Correo: bandeja local (npm run outbox)',
    '',
    `Cuentas de demostración (contraseña ${DEMO_PASSWORD}):`,
    ...demoAccounts.map((a) => `  ${a.email.padEnd(28)} ${a.role}`),
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((error) => {
  console.error('Portón no pudo iniciar:', error instanceof Error ? error.message : error);
  process.exit(1);
});
