import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_JSON } from '../../../src/server/platform/http/json-body.js';
import { testApp, type TestApp } from '../../support/test-app.js';

/**
 * Clients that set `Content-Type: application/json` on every call also set it on calls that send
 * nothing (a DELETE, enabling a record, resending a code, changing the active community): an
 * empty body with a JSON content type is no body, answered as the same call without one.
 */
let t: TestApp;
let tokens: (string | null)[];
let noBody: { method: string; path: string }[];

beforeAll(async () => {
  t = await testApp();
  const emails = ['admin', 'integrador', 'administrador', 'capturista', 'vigilante', 'residente', 'contratista'];
  tokens = [null, ...(await Promise.all(emails.map((e) => t.signIn(`${e}@porton.mx`))))];
  const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, { requestBody?: unknown }>>;
  };
  noBody = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method, op]) => ['post', 'put', 'patch', 'delete'].includes(method) && !op.requestBody)
      .map(([method]) => ({ method: method.toUpperCase(), path })),
  );
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const jsonCall = (method: string, url: string, token: string | null, payload = '') =>
  t.app.inject({
    method: method as 'POST',
    url,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload,
  });

describe('a call the contract sends with no body', () => {
  it('answers on every no-body route, as every role, without refusing the empty JSON body', async () => {
    const failures: string[] = [];
    let calls = 0;
    for (const { method, path } of noBody) {
      // An id that exists nowhere: the body is read before any lookup, so nothing changes.
      const url = path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');
      for (const token of tokens) {
        const res = await jsonCall(method, url, token);
        calls++;
        const description =
          res.statusCode === 400 ? (res.json() as { error_description?: string }).error_description : '';
        if (description === INVALID_JSON || res.statusCode >= 500)
          failures.push(`${method} ${path}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(noBody.length).toBeGreaterThan(20);
    expect(calls).toBe(noBody.length * tokens.length);
  }, 300_000);

  it('changing the active community (setUpdateFrac) succeeds with an empty JSON body', async () => {
    // Fresh sessions: the sweep above signed its own out (the sign-out route is a no-body call too).
    const token = await t.signIn('administrador@porton.mx');
    const [frac] = await t.db.query<{ uuid: string }>(
      `SELECT c.uuid FROM communities c JOIN user_communities uc ON uc.community_id = c.id
        JOIN users u ON u.id = uc.user_id WHERE u.email = 'administrador@porton.mx' LIMIT 1`,
    );
    const res = await jsonCall('PUT', `/api/users/setUpdateFrac/${frac!.uuid}`, token);
    expect(res.statusCode).toBe(200);
    expect(res.json().uuid).toBe(frac!.uuid);
  });

  it('a DELETE with an empty JSON body deletes', async () => {
    const token = await t.signIn('administrador@porton.mx');
    const admin = t.as(token);
    expect((await admin.post('/api/zones', [{ name: 'Zona Sin Cuerpo', color: '#112233' }])).statusCode).toBe(201);
    const [row] = await t.db.query<{ uuid: string }>("SELECT uuid FROM zones WHERE name = 'Zona Sin Cuerpo'");
    const res = await jsonCall('DELETE', `/api/zones/${row!.uuid}`, token);
    expect(res.statusCode).toBe(204);
    expect(await t.db.one("SELECT 1 FROM zones WHERE name = 'Zona Sin Cuerpo'")).toBeUndefined();
  });

  it('a malformed JSON body is still refused with the Spanish 400, changing nothing', async () => {
    const token = await t.signIn('administrador@porton.mx');
    const res = await jsonCall('POST', '/api/zones', token, '[{"name": "Zona Rota"');
    expect(res.statusCode).toBe(400);
    expect(res.json().error_description).toBe(INVALID_JSON);
    expect(await t.db.one("SELECT 1 FROM zones WHERE name = 'Zona Rota'")).toBeUndefined();
  });
});
