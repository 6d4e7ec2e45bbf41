// `npm run seed:volume -- --visits 1000000 [--community "Residencial Las Palmas"] [--days 730] [--common-area-visits 0]`
// Fills one community with made-up visit history for benchmarks: the shape of the demo
// history (visit-history.ts), inserted with one unnest insert per batch. Uses DATABASE_URL when
// set, the embedded database in DATA_DIR otherwise; seeds the demo data first on an empty database.
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/server/config.js';
import { actAsApplication, openDatabase } from '../src/server/platform/db/open.js';
import { asPlatform } from '../src/server/platform/db/row-scope.js';
import { seedIfEmpty } from '../src/server/platform/db/seed.js';
import { seedDemoCatalogues } from '../src/server/catalogues/seed-catalogues.js';
import { seedDemoResidents } from '../src/server/residents/seed-residents.js';
import { type AsOwner, fillVisits } from '../src/server/platform/db/seed-volume.js';

const { values } = parseArgs({
  options: {
    visits: { type: 'string', default: '1000000' },
    community: { type: 'string', default: 'Residencial Las Palmas' },
    days: { type: 'string', default: '730' },
    'common-area-visits': { type: 'string', default: '0' },
  },
});
const visits = Number(values.visits);
const days = Number(values.days);
const areaVisits = Number(values['common-area-visits']);
if (![visits, days, areaVisits].every((n) => Number.isInteger(n) && n >= 0) || days < 1) {
  console.error(
    'Uso: npm run seed:volume -- --visits 1000000 [--community "Nombre"] [--days 730] [--common-area-visits 0]',
  );
  process.exit(2);
}

const config = loadConfig();
const db = await openDatabase(config);
// Dropping and building indexes and ANALYZE are the tables' owner's: through DATABASE_OWNER_URL when
// it is set, otherwise this connection steps back to the role it logged in as (the owner) meanwhile.
const asOwner: AsOwner = async (work) => {
  if (config.databaseOwnerUrl) {
    const { openPostgres } = await import('../src/server/platform/db/postgres.js');
    const owner = await openPostgres(config.databaseOwnerUrl);
    try {
      return await work(owner);
    } finally {
      await owner.close();
    }
  }
  await db.actAs(null);
  try {
    return await work(db);
  } finally {
    await actAsApplication(db);
  }
};
const started = Date.now();
// An operator's tool, writing into a community it names: the platform's own work.
const result = await asPlatform('llenar un fraccionamiento de visitas de prueba', async () => {
  if (await seedIfEmpty(db)) {
    await seedDemoCatalogues(db);
    await seedDemoResidents(db);
  }
  return fillVisits(
    db,
    { community: values.community, visits, days, commonAreaVisits: areaVisits },
    (done) => {
      process.stdout.write(`\r${done.toLocaleString('es-MX')} visitas…`);
    },
    asOwner,
  );
});
const seconds = ((Date.now() - started) / 1000).toFixed(1);
process.stdout.write(
  `\n${result.visits.toLocaleString('es-MX')} visitas y ${result.commonAreaVisits.toLocaleString('es-MX')} visitas a áreas comunes en '${values.community}' (${seconds} s, ${db.kind}).\n`,
);
await db.close();
