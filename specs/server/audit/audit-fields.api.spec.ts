import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_FIELD_LABELS } from '../../../src/shared/audit/audit-fields.js';
import { testApp, type TestApp } from '../../support/test-app.js';

/**
 * The trail's 'Cambios' column names every field in Spanish: each column the audit trigger may
 * record (every column of a table carrying the trigger, except the secret-like and bookkeeping
 * ones the trigger leaves out) has a label.
 */

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => {
  await t?.close();
});

describe('audit field labels', () => {
  it('every column the audit trigger can record has a Spanish label', async () => {
    const columns = await t.db.query<{ table_name: string; column_name: string }>(
      `SELECT DISTINCT c.relname::text AS table_name, a.attname::text AS column_name
         FROM pg_trigger g JOIN pg_class c ON c.oid = g.tgrelid
         JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
        WHERE g.tgname = 'porton_audit_insert'
          AND a.attname !~* '(password|token|secret|hash|code|salt)'
          AND a.attname <> ALL (ARRAY['id', 'uuid', 'community_id', 'search_text', 'created_at', 'updated_at',
                                      'last_seen_at', 'online', 'logo_path', 'version', 'linked_at'])
        ORDER BY 1, 2`,
    );
    expect(columns.length).toBeGreaterThan(50);
    const unlabelled = columns
      .filter((c) => !AUDIT_FIELD_LABELS[c.column_name])
      .map((c) => `${c.table_name}.${c.column_name}`);
    expect(unlabelled).toEqual([]);
    for (const label of Object.values(AUDIT_FIELD_LABELS)) expect(label).toMatch(/^[A-ZÁÉÍÓÚÑ]/);
  });
});
