import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testApp, type TestApp } from '../../support/test-app.js';

/**
 * Registration and reset ticket ids appeared in logged URLs; they are secrets like tokens.
 * At `debug`, where every request is logged (a read answered well is a debug line).
 */
let t: TestApp;
const lines: string[] = [];
beforeAll(async () => {
  t = await testApp({
    env: { LOG_LEVEL: 'debug' },
    logStream: {
      write: (line) => {
        lines.push(line);
      },
    },
  });
});
afterAll(async () => {
  await t?.close();
});

describe('logged URLs', () => {
  it('hide the ticket of findUser and of the registration link, and never the rest of the line', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/users/resetPassword',
      payload: 'residente@porton.mx',
      headers: { authorization: t.basic, 'content-type': 'text/plain' },
    });
    const mail = await vi.waitFor(() => {
      const m = t.mailer.sent.at(-1);
      if (!m) throw new Error('wait');
      return m;
    });
    const ticket = /uuid=([0-9a-f-]{36})/.exec(mail.text)![1]!;
    await t.app.inject({ method: 'GET', url: `/api/users/findUser/${ticket}` });
    await t.app.inject({ method: 'GET', url: `/?type=register&uuid=${ticket}` });
    const log = lines.join('');
    expect(log).not.toContain(ticket);
    expect(log).toContain('/api/users/findUser/[oculto]');
    expect(log).toContain('type=register&uuid=%5Boculto%5D');
  });

  it('never carry a bearer token, a cookie or a password (logs never carry passwords or tokens)', async () => {
    const token = await t.signIn('administrador@porton.mx');
    const from = lines.length;
    await t.app.inject({
      method: 'GET',
      url: '/api/users/whoami',
      headers: { authorization: `Bearer ${token}`, cookie: 'sid=galleta-secreta' },
    });
    await t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { authorization: t.basic, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'password',
        username: 'administrador@porton.mx',
        password: 'ContrasenaEquivocada9',
      }).toString(),
    });
    const log = lines.slice(from).join('');
    expect(log).toContain('/api/users/whoami');
    expect(log).toContain('/oauth/token');
    expect(log).not.toContain(token);
    expect(log).not.toContain('galleta-secreta');
    expect(log).not.toContain('ContrasenaEquivocada9');
    expect(log).not.toContain(Buffer.from('porton-web:porton-web-secret').toString('base64'));
  });
});
