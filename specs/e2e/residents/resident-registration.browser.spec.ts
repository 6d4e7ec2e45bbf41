import type { Browser } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { browserSuite, signInAs, type RunningServer } from '../../support/browser.js';
import { smtpInbox } from '../../support/smtp-inbox.js';

let server: RunningServer;
let browser: Browser;
// The app mails to a local inbox, where the resident reads the code: no answer carries it.
const inbox = await smtpInbox();
browserSuite(
  (s, b) => {
    server = s;
    browser = b;
  },
  { SMTP_URL: inbox.url },
);
afterAll(() => inbox.close());

const basic = `Basic ${Buffer.from('porton-web:porton-web-secret').toString('base64')}`;
async function call(method: string, path: string, body?: unknown, token?: string) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: res.status === 204 ? null : await res.json() };
}
async function token(username: string, password = 'Porton2026') {
  const res = await fetch(`${server.url}/oauth/token`, {
    method: 'POST',
    headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username, password }),
  });
  return (await res.json()).access_token as string;
}

describe('the registration code, end to end: mailed, never answered', () => {
  it('a resident created with app use registers with the mailed code, signs in on the web and lands on /massiveEvents; deactivating ends the session', async () => {
    const admin = await token('administrador@porton.mx');
    const street = (await call('GET', '/api/streets?page=0&search=Cedro', undefined, admin)).body.content[0];
    const created = await call(
      'POST',
      '/api/residents',
      [
        {
          firstName: 'Valeria',
          lastName: 'Ponce Rivera',
          email: 'valeria.ponce@correo.mx',
          idStreet: street.idStreet,
          number: '31',
          useapp: true,
          notresident: false,
          phones: [{ phone: '5599887766' }],
        },
      ],
      admin,
    );
    expect(created.status).toBe(201);
    expect(Object.keys(created.body[0].testResidentRegistration).sort()).toEqual(['expiresAt', 'pending']);
    const [, code] = await inbox.waitFor('valeria.ponce@correo.mx', /Tu código de registro es: ([A-Z0-9]{6})/);
    expect(JSON.stringify(created.body)).not.toContain(code);

    const registered = await call('POST', '/api/residents/register', {
      email: 'valeria.ponce@correo.mx',
      code,
      password: 'Valeria2026',
    });
    expect(registered.status).toBe(201);

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'es-MX' });
    const page = await context.newPage();
    await signInAs(page, server.url, 'valeria.ponce@correo.mx', 'Valeria2026');
    await page.waitForURL(`${server.url}/massiveEvents`);

    expect((await call('PUT', `/api/residents/disable/${created.body[0].uuid}`, undefined, admin)).status).toBe(200);
    await page.reload();
    await page.getByLabel('Correo electrónico').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await context.close();
  });
});
