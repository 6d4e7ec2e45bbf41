// `npm run outbox`: prints the latest messages kept in the local outbox (no SMTP_URL set).
import { loadConfig } from '../src/server/config.js';
import { openDatabase } from '../src/server/platform/db/open.js';

const db = await openDatabase(loadConfig());
const rows = await db.query<{ to_address: string; subject: string; text_body: string; created_at: string }>(
  'SELECT to_address, subject, text_body, created_at FROM mail_outbox ORDER BY id DESC LIMIT 20',
);
for (const row of rows)
  console.log(`--- ${row.created_at} para ${row.to_address}\n${row.subject}\n\n${row.text_body}\n`);
if (rows.length === 0) console.log('La bandeja local está vacía.');
await db.close();
