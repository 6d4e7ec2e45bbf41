import pg from 'pg';
import Cursor from 'pg-cursor';
import { queryable, type Db } from './db.js';
import { currentRowScope, transactionSettingsSql } from './row-scope.js';

// Return bigint counts as numbers and dates as strings, as PGlite does for ours.
pg.types.setTypeParser(20, (value) => Number(value));

export async function openPostgres(connectionString: string): Promise<Db> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // An idle pooled connection closed by the server (restart, admin termination) must not crash
  // the process; the pool replaces it on the next query.
  pool.on('error', (error) => {
    process.emitWarning(`PostgreSQL idle connection closed: ${error.message}`);
  });
  await pool.query('select 1');
  // The role statements run as (`actAs`, after the migrations): each pooled connection is switched
  // to it before its first use; the migrations' connections are switched when they are reused.
  let role: string | null = null;
  const connectionRole = new WeakMap<pg.PoolClient, string | null>();
  const checkout = async () => {
    const client = await pool.connect();
    if ((connectionRole.get(client) ?? null) !== role) {
      try {
        await client.query(role ? `SET ROLE ${pg.escapeIdentifier(role)}` : 'RESET ROLE');
      } catch (error) {
        client.release(true);
        throw error;
      }
      connectionRole.set(client, role);
    }
    return client;
  };
  /** Runs `fn` on a connection; under a row scope, inside a transaction that sets it (`BEGIN` and the setting in one round trip). */
  const onConnection = async <T>(fn: (client: pg.PoolClient) => Promise<T>, alwaysTx = false): Promise<T> => {
    const scope = currentRowScope();
    const client = await checkout();
    let broken = false;
    try {
      if (!scope && !alwaysTx) return await fn(client);
      await client.query(scope ? `BEGIN; ${transactionSettingsSql(scope)}` : 'BEGIN');
      try {
        const result = await fn(client);
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {
          broken = true;
        });
        throw error;
      }
    } finally {
      client.release(broken);
    }
  };
  const q = queryable((sql, params) => onConnection((client) => client.query(sql, params)));
  return {
    kind: 'postgres',
    ...q,
    tx: (fn) => onConnection((client) => fn(queryable((sql, params) => client.query(sql, params))), true),
    async actAs(next) {
      role = next;
    },
    exec: async (sql) => {
      const client = await checkout();
      let broken = false;
      try {
        await client.query(sql);
      } catch (error) {
        broken = true;
        throw error;
      } finally {
        client.release(broken);
      }
    },
    async *cursor<T>(sql: string, params: readonly unknown[], batchSize: number): AsyncGenerator<T[]> {
      const scope = currentRowScope();
      const client = await checkout();
      // A cursor lives in a transaction of its own, which carries the row scope.
      await client.query(scope ? `BEGIN; ${transactionSettingsSql(scope)}` : 'BEGIN');
      const cursor = client.query(new Cursor<T>(sql, [...params]));
      let failed = false;
      try {
        for (;;) {
          const rows = await cursor.read(batchSize);
          if (!rows.length) return;
          yield rows;
        }
      } catch (error) {
        failed = true;
        throw error;
      } finally {
        await cursor.close().catch(() => {
          failed = true;
        });
        if (!failed)
          await client.query('COMMIT').catch(() => {
            failed = true;
          });
        // A connection whose cursor failed is not reused.
        client.release(failed);
      }
    },
    async listen(channel, handler, onLive) {
      // A client of its own, outside the pool: LISTEN holds its connection. A lost connection is
      // reported (`onLive(false)`: whoever trusts the events stops trusting them) and opened again
      // every second until it listens (`onLive(true)`); notifications sent meanwhile are lost.
      let client: pg.Client | null = null;
      let stopped = false;
      let retry: NodeJS.Timeout | null = null;
      const open = async () => {
        const next = new pg.Client({ connectionString });
        next.on('notification', (message) => {
          if (message.channel === channel) handler(message.payload ?? '');
        });
        next.on('error', (error) => {
          process.emitWarning(`PostgreSQL LISTEN connection lost: ${error.message}`);
          lost(next);
        });
        next.on('end', () => lost(next));
        try {
          await next.connect();
          await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
        } catch (error) {
          await next.end().catch(() => undefined);
          throw error;
        }
        client = next;
      };
      const lost = (which: pg.Client) => {
        if (stopped || client !== which) return;
        client = null;
        void which.end().catch(() => undefined);
        onLive?.(false);
        const again = () => {
          retry = null;
          if (stopped) return;
          open()
            .then(() => {
              if (stopped) void client?.end().catch(() => undefined);
              else onLive?.(true);
            })
            .catch(() => {
              if (!stopped) retry = setTimeout(again, 1_000).unref();
            });
        };
        retry = setTimeout(again, 1_000).unref();
      };
      await open();
      return async () => {
        stopped = true;
        if (retry) clearTimeout(retry);
        await (client as pg.Client | null)?.end().catch(() => undefined);
      };
    },
    close: () => pool.end(),
  };
}
