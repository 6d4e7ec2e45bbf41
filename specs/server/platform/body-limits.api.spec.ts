import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSON_BODY_LIMIT } from '../../../src/server/platform/http/route.js';
import { communityBody, logo, PNG_BASE64 } from '../../support/community-fixtures.js';
import { testApp, type TestApp } from '../../support/test-app.js';

/** 12 MB was accepted on every route; a JSON route now reads at most 1 MB, an upload route its own cap. */
let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => {
  await t?.close();
});

describe('request size per route', () => {
  it('a JSON route refuses a body over 1 MB with 413 in the contract shape, changing nothing', async () => {
    const admin = t.as(await t.signIn('administrador@porton.mx'));
    const res = await admin.post('/api/zones', { name: 'Zona Enorme', padding: 'x'.repeat(JSON_BODY_LIMIT) });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toBe('payload_too_large');
    expect(await t.db.one("SELECT 1 FROM zones WHERE name = 'Zona Enorme'")).toBeUndefined();
  });

  it('an upload route still takes a body of several MB (a 2 MB logo in base64)', async () => {
    const integrador = t.as(await t.signIn('integrador@porton.mx'));
    const big = Buffer.alloc(2 * 1024 * 1024 - 1024);
    Buffer.from(PNG_BASE64, 'base64').copy(big);
    const res = await integrador.post(
      '/api/fracs/admin',
      await communityBody(t, { name: 'Logo Pesado', licenseTotal: 1, file: logo(big.toString('base64')) }),
    );
    expect(res.statusCode).toBe(200);
  });
});
