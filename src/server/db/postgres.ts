import pg from 'pg';
import { queryable, type Db } from './db.js';

// Return bigint counts as numbers and dates as strings, as PGlite does for ours.
pg.types.setTypeParser(20, (value) => Number(value));

export async function openPostgres(connectionString: string): Promise<Db> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  await pool.query('select 1');
  const q = queryable((sql, params) => pool.query(sql, params));
  return {
    kind: 'postgres',
    ...q,
    async tx(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(queryable((sql, params) => client.query(sql, params)));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      } finally {
        client.release();
      }
    },
    exec: async (sql) => { await pool.query(sql); },
    close: () => pool.end(),
  };
}
