import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RESET_LIMITS } from '../../../src/server/session/registration.routes.js';
import { testApp, type TestApp } from '../../support/test-app.js';

/** 30 reset requests in a row sent 30 mails; older links stayed valid; timing told accounts apart. */
let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => {
  await t?.close();
});

const resetRequest = (email: string, ip = '10.20.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/users/resetPassword',
    payload: email,
    remoteAddress: ip,
    headers: { authorization: t.basic, 'content-type': 'text/plain' },
  });
const mailsTo = (email: string) => t.mailer.sent.filter((m) => m.to === email);
const ticketOf = (text: string) => /uuid=([0-9a-f-]{36})/.exec(text)![1];

describe('POST /api/users/resetPassword throttling and links', () => {
  it('throttles per account: 30 requests in a row send at most the allowed mails and then answer 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await resetRequest('capturista@porton.mx', `10.21.0.${i}`)).statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(RESET_LIMITS.perAccount);
    expect(statuses.slice(RESET_LIMITS.perAccount).every((s) => s === 429)).toBe(true);
    await vi.waitFor(() => expect(mailsTo('capturista@porton.mx')).toHaveLength(RESET_LIMITS.perAccount));
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsTo('capturista@porton.mx')).toHaveLength(RESET_LIMITS.perAccount);
  });

  it('throttles per address over many emails, known or not, with a Spanish 429', async () => {
    for (let i = 0; i < RESET_LIMITS.perAddress; i++)
      expect((await resetRequest(`nadie${i}@porton.mx`, '10.22.0.1')).statusCode).toBe(200);
    const res = await resetRequest('vigilante@porton.mx', '10.22.0.1');
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({
      error: 'too_many_requests',
      error_description: 'Ya enviamos varias solicitudes. Espera una hora e inténtalo de nuevo.',
    });
  });

  it('a new reset link cancels the older one', async () => {
    await resetRequest('residente@porton.mx', '10.23.0.1');
    const first = ticketOf(
      (
        await vi.waitFor(() => {
          const m = mailsTo('residente@porton.mx');
          if (m.length < 1) throw new Error('wait');
          return m[0]!;
        })
      ).text,
    );
    await resetRequest('residente@porton.mx', '10.23.0.2');
    const second = ticketOf(
      (
        await vi.waitFor(() => {
          const m = mailsTo('residente@porton.mx');
          if (m.length < 2) throw new Error('wait');
          return m[1]!;
        })
      ).text,
    );
    expect(second).not.toBe(first);
    expect((await t.app.inject({ method: 'GET', url: `/api/users/findUser/${first}` })).body).toBe('');
    const old = await t.app.inject({
      method: 'POST',
      url: '/api/users/newPassword',
      payload: { uuid: first, password: 'NuevaClave9' },
    });
    expect(old.statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/users/newPassword',
          payload: { uuid: second, password: 'NuevaClave9' },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('answers before the mail is sent, so a known email takes no longer than an unknown one', async () => {
    const before = mailsTo('administrador@porton.mx').length;
    const res = await resetRequest('administrador@porton.mx', '10.24.0.1');
    expect(res.statusCode).toBe(200);
    expect(mailsTo('administrador@porton.mx')).toHaveLength(before); // not yet: the answer did not wait for it
    await vi.waitFor(() => expect(mailsTo('administrador@porton.mx')).toHaveLength(before + 1));
  });
});
