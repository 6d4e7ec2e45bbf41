import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_EXPIRED } from '../../../src/shared/platform/errors.js';
import { testApp, type TestApp } from '../../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => {
  await t?.close();
}); // t is unset when beforeAll failed: report that error alone

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const tokenRequest = (fields: Record<string, string>, authorization = t.basic, ip = '10.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/oauth/token',
    remoteAddress: ip,
    headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
    payload: form(fields),
  });

describe('POST /oauth/token', () => {
  it('answers access_token, token_type and expires_in for a demo account', async () => {
    const res = await tokenRequest({ grant_type: 'password', username: 'ADMIN@porton.mx', password: 'Porton2026' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.access_token).toMatch(/^[\w-]{40,}$/);
    expect(body.token_type).toBe('bearer');
    expect(body.expires_in).toBeGreaterThan(0);
  });

  it('refuses a wrong client credential with invalid_client', async () => {
    const res = await tokenRequest(
      { grant_type: 'password', username: 'admin@porton.mx', password: 'Porton2026' },
      `Basic ${Buffer.from('porton-web:wrong').toString('base64')}`,
    );
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('invalid_client');
  });

  it('answers the contract error body in Spanish for a wrong password', async () => {
    const res = await tokenRequest({ grant_type: 'password', username: 'capturista@porton.mx', password: 'nope' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'invalid_grant', error_description: 'Usuario o contraseña incorrectos.' });
  });

  it('answers the same for an unknown account (no enumeration)', async () => {
    const res = await tokenRequest({ grant_type: 'password', username: 'nadie@porton.mx', password: 'Porton2026' });
    expect(res.json()).toEqual({ error: 'invalid_grant', error_description: 'Usuario o contraseña incorrectos.' });
  });

  it('refuses missing fields with a Spanish 400', async () => {
    const res = await tokenRequest({ grant_type: 'password', username: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error_description).toContain('El campo es obligatorio.');
  });

  it("answers 'User account has expired' for a disabled account", async () => {
    await t.db.query(`UPDATE users SET status = 'DISABLED' WHERE email = 'contratista@porton.mx'`);
    const res = await tokenRequest({
      grant_type: 'password',
      username: 'contratista@porton.mx',
      password: 'Porton2026',
    });
    expect(res.json()).toEqual({ error: 'invalid_grant', error_description: ACCOUNT_EXPIRED });
    await t.db.query(`UPDATE users SET status = 'ACTIVE' WHERE email = 'contratista@porton.mx'`);
  });
});

describe('session: whoami, me, switch community, log-out', () => {
  it('no route answers without a valid token', async () => {
    for (const url of ['/api/users/me', '/api/users/whoami', '/api/addresses/01000']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toBe('unauthorized');
    }
    const forged = await t.as('forged-token').get('/api/users/me');
    expect(forged.statusCode).toBe(401);
  });

  it('me answers the current user with both communities of the administrator', async () => {
    const token = await t.signIn('administrador@porton.mx');
    const me = (await t.as(token).get('/api/users/me')).json();
    expect(me).toMatchObject({
      email: 'administrador@porton.mx',
      idUsersTypes: 4,
      role: 'Administrador de fraccionamiento',
      firstName: 'Adriana',
    });
    expect(me.product.map((p: { name: string }) => p.name).sort()).toEqual([
      'Bosques del Valle',
      'Residencial Las Palmas',
    ]);
    expect(me.testFrac.uuid).toBeTruthy();
    const who = (await t.as(token).get('/api/users/whoami')).json();
    expect(who).toMatchObject({ email: 'administrador@porton.mx', idUsersTypes: 4 });
  });

  it('setUpdateFrac switches the active community to one of the caller', async () => {
    const token = await t.signIn('administrador@porton.mx');
    const me = (await t.as(token).get('/api/users/me')).json();
    const other = me.product.find((p: { uuid: string }) => p.uuid !== me.testFrac.uuid);
    const res = await t.as(token).put(`/api/users/setUpdateFrac/${other.uuid}`);
    expect(res.statusCode).toBe(200);
    expect((await t.as(token).get('/api/users/me')).json().frac).toBe(other.name);
  });

  it('setUpdateFrac refuses a community of another integrator with 404', async () => {
    const foreign = (await t.as(await t.signIn('administrador2@porton.mx')).get('/api/users/me')).json().testFrac.uuid;
    const token = await t.signIn('administrador@porton.mx');
    const before = (await t.as(token).get('/api/users/me')).json().frac;
    const res = await t.as(token).put(`/api/users/setUpdateFrac/${foreign}`);
    expect(res.statusCode).toBe(404);
    expect((await t.as(token).get('/api/users/me')).json().frac).toBe(before);
  });

  it('log-out revokes the token at once', async () => {
    const token = await t.signIn('capturista@porton.mx');
    expect((await t.as(token).post('/api/users/logout')).statusCode).toBe(204);
    expect((await t.as(token).get('/api/users/me')).statusCode).toBe(401);
  });

  it('an expired token answers 401', async () => {
    const token = await t.signIn('capturista@porton.mx');
    await t.db.query(`UPDATE sessions SET expires_at = now() - interval '1 minute'`);
    expect((await t.as(token).get('/api/users/me')).statusCode).toBe(401);
  });
});

describe('password reset and registration', () => {
  const resetRequest = (email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/users/resetPassword',
      payload: email,
      headers: { authorization: t.basic, 'content-type': 'text/plain' },
    });

  it('resetPassword mails a link whose ticket findUser resolves and newPassword consumes', async () => {
    const res = await resetRequest('residente@porton.mx');
    expect(res.statusCode).toBe(200);
    // The mail leaves after the answer (equal timing for known and unknown emails).
    const mail = await vi.waitFor(() => {
      const m = t.mailer.sent.at(-1);
      if (m?.to !== 'residente@porton.mx') throw new Error('no mail yet');
      return m;
    });
    expect(mail.to).toBe('residente@porton.mx');
    const ticket = /uuid=([0-9a-f-]{36})/.exec(mail.text)![1];
    const found = await t.app.inject({ method: 'GET', url: `/api/users/findUser/${ticket}` });
    expect(found.json()).toMatchObject({ email: 'residente@porton.mx', idUsersTypes: 3 });

    const weak = await t.app.inject({
      method: 'POST',
      url: '/api/users/newPassword',
      payload: { uuid: ticket, password: 'sinnumero' },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error_description).toContain('Tu contraseña debe contener al menos un número y una mayúscula');

    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/users/newPassword',
      payload: { uuid: ticket, password: 'NuevaClave9' },
    });
    expect(ok.statusCode).toBe(200);
    await t.signIn('residente@porton.mx', 'NuevaClave9');
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/users/newPassword',
      payload: { uuid: ticket, password: 'OtraClave99' },
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().error_description).toBe('No existe el usuario solicitado, por favor contacte a soporte');
  });

  it('resetPassword answers the same for an unknown email and sends nothing', async () => {
    const before = t.mailer.sent.length;
    expect((await resetRequest('nadie@porton.mx')).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    expect(t.mailer.sent.length).toBe(before);
  });

  it('resetPassword refuses a malformed email in Spanish', async () => {
    const res = await resetRequest('no-es-correo');
    expect(res.statusCode).toBe(400);
    expect(res.json().error_description).toBe('Por favor ingresa un correo valido.');
  });

  it('findUser answers empty for an unknown uuid', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/users/findUser/9b7c3b0e-7a3a-4c50-8f5a-0e7d7b3f7f11' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('');
  });
});

describe('GET api/addresses/{postalCode}', () => {
  it('answers the colonies, city and state of 01000', async () => {
    const token = await t.signIn('integrador@porton.mx');
    const res = await t.as(token).get('/api/addresses/01000');
    expect(res.json()).toEqual([
      expect.objectContaining({ colony: 'San Ángel', location: 'Álvaro Obregón', state: 'Ciudad de México' }),
    ]);
  });
  it('refuses a postal code that is not 5 digits', async () => {
    const token = await t.signIn('integrador@porton.mx');
    const res = await t.as(token).get('/api/addresses/01a');
    expect(res.statusCode).toBe(400);
    expect(res.json().error_description).toBe('El código postal debe tener 5 dígitos.');
  });
});

describe('OpenAPI description', () => {
  it('documents the routes it serves', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/oauth/token', '/api/users/me', '/api/addresses/{postalCode}']),
    );
  });
});
