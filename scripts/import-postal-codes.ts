// `npm run postal-codes:import -- /path/CPdescarga.txt`: imports the official catalogue (Latin-1, '|').
import { loadConfig } from '../src/server/config.js';
import { openDatabase } from '../src/server/platform/db/open.js';
import { importPostalCodes } from '../src/server/platform/services/postal-codes-import.js';

const file = process.argv[2];
if (!file) {
  console.error('Uso: npm run postal-codes:import -- <archivo CPdescarga.txt>');
  process.exit(2);
}
const db = await openDatabase(loadConfig());
const count = await importPostalCodes(db, file);
console.log(`Se importaron ${count} asentamientos.`);
await db.close();
