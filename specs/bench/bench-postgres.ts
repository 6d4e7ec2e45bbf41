/** Benchmarks' PostgreSQL: DATABASE_URL, or a server answering on 127.0.0.1:5432; null when none answers. */
import pg from 'pg';

export async function benchPostgresUrl(): Promise<string | null> {
  const candidate = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const client = new pg.Client({ connectionString: candidate, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return candidate;
  } catch {
    return null;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The p-th percentile (0–100) of `values`. */
export function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}
