import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testApp, type TestApp } from '../support/test-app.js';

/** Issue 16 §8: registration and reset ticket ids appeared in logged URLs; they are secrets like tokens. */
let t: TestApp;
const lines: string[] = [];
beforeAll(async () => { t = await testApp({ env: { LOG_LEVEL: 'info' }, logStream: { write: (line) => { lines.push(line); } } }); });
afterAll(async () => { await t?.close(); });

describe('logged URLs', () => {
  it('hide the ticket of findUser and of the registration link, and never the rest of the line', async () => {
    await t.app.inject({
      method: 'POST', url: '/api/users/resetPassword', payload: 'residente@porton.mx',
      headers: { authorization: t.basic, 'content-type': 'text/plain' },
    });
    const mail = await vi.waitFor(() => { const m = t.mailer.sent.at(-1); if (!m) throw new Error('wait'); return m; });
    const ticket = /uuid=([0-9a-f-]{36})/.exec(mail.text)![1]!;
    await t.app.inject({ method: 'GET', url: `/api/users/findUser/${ticket}` });
    await t.app.inject({ method: 'GET', url: `/?type=register&uuid=${ticket}` });
    const log = lines.join('');
    expect(log).not.toContain(ticket);
    expect(log).toContain('/api/users/findUser/[oculto]');
    expect(log).toContain('type=register&uuid=%5Boculto%5D');
  });
});
