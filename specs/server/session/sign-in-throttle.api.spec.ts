import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_POLICY } from '../../../src/server/session/login-throttle.js';
import { testApp, type TestApp } from '../../support/test-app.js';

/**
 * A probe finding (high): the per-address limit could be bypassed with a rotating
 * X-Forwarded-For, and five failures locked an account's owner out from everywhere.
 */
let t: TestApp;
let proxied: TestApp;
beforeAll(async () => {
  t = await testApp();
  proxied = await testApp({ env: { TRUST_PROXY: '10.9.0.1' } });
});
afterAll(async () => {
  await t?.close();
  await proxied?.close();
});

const tokenRequest = (
  app: TestApp,
  username: string,
  password: string,
  ip: string,
  headers: Record<string, string> = {},
) =>
  app.app.inject({
    method: 'POST',
    url: '/oauth/token',
    remoteAddress: ip,
    headers: { authorization: app.basic, 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams({ grant_type: 'password', username, password }).toString(),
  });

describe('sign-in throttle: the client address', () => {
  it('ignores X-Forwarded-For unless TRUST_PROXY names the proxy: a rotating header never escapes the per-address limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      const res = await tokenRequest(t, `spray${i}@porton.mx`, 'x', '10.3.0.1', {
        'x-forwarded-for': `198.51.100.${i}`,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, SIGN_IN_POLICY.addressMax)).toEqual(Array(SIGN_IN_POLICY.addressMax).fill(400));
    expect(statuses.slice(SIGN_IN_POLICY.addressMax)).toEqual(Array(40 - SIGN_IN_POLICY.addressMax).fill(429));
  });

  it('behind the configured proxy, the forwarded address is the client: another client of the same proxy still signs in', async () => {
    for (let i = 0; i < SIGN_IN_POLICY.addressMax; i++) {
      await tokenRequest(proxied, `spray${i}@porton.mx`, 'x', '10.9.0.1', { 'x-forwarded-for': '203.0.113.7' });
    }
    expect(
      (
        await tokenRequest(proxied, 'capturista@porton.mx', 'Porton2026', '10.9.0.1', {
          'x-forwarded-for': '203.0.113.7',
        })
      ).statusCode,
    ).toBe(429);
    expect(
      (
        await tokenRequest(proxied, 'capturista@porton.mx', 'Porton2026', '10.9.0.1', {
          'x-forwarded-for': '203.0.113.8',
        })
      ).statusCode,
    ).toBe(200);
  });

  it('a request not from the configured proxy cannot choose its address with the header', async () => {
    for (let i = 0; i < SIGN_IN_POLICY.addressMax; i++) {
      await tokenRequest(proxied, `rot${i}@porton.mx`, 'x', '10.4.0.1', { 'x-forwarded-for': `198.51.100.${i}` });
    }
    expect(
      (await tokenRequest(proxied, 'rot0@porton.mx', 'x', '10.4.0.1', { 'x-forwarded-for': '198.51.100.200' }))
        .statusCode,
    ).toBe(429);
  });
});

describe('sign-in throttle: no lockout handed to attackers', () => {
  it("ten failures from one address against an account do not stop its owner's right password from another address", async () => {
    for (let i = 0; i < SIGN_IN_POLICY.pairMax; i++) await tokenRequest(t, 'vigilante@porton.mx', 'x', '10.5.0.1');
    expect((await tokenRequest(t, 'vigilante@porton.mx', 'Porton2026', '10.5.0.1')).statusCode).toBe(429);
    expect((await tokenRequest(t, 'vigilante@porton.mx', 'Porton2026', '10.5.0.2')).statusCode).toBe(200);
  });

  it('a pair waits progressively: from the third failure the next attempt is refused until its delay passes', async () => {
    for (let i = 0; i < SIGN_IN_POLICY.delayFrom; i++) {
      expect((await tokenRequest(t, 'residente@porton.mx', 'x', '10.6.0.1')).statusCode).toBe(400);
    }
    const waiting = await tokenRequest(t, 'residente@porton.mx', 'Porton2026', '10.6.0.1');
    expect(waiting.statusCode).toBe(429);
    expect(waiting.json()).toEqual({
      error: 'too_many_requests',
      error_description: 'Demasiados intentos fallidos. Espera unos minutos e inténtalo de nuevo.',
    });
    await new Promise((r) => setTimeout(r, 1100));
    expect((await tokenRequest(t, 'residente@porton.mx', 'Porton2026', '10.6.0.1')).statusCode).toBe(200);
  });

  it('the per-account cap stops a guess spread over many addresses', async () => {
    for (let i = 0; i < SIGN_IN_POLICY.accountMax; i++) {
      await tokenRequest(t, 'contratista@porton.mx', 'x', `10.7.${Math.floor(i / 200)}.${i % 200}`);
    }
    expect((await tokenRequest(t, 'contratista@porton.mx', 'Porton2026', '10.8.0.1')).statusCode).toBe(429);
  }, 60_000);
});

describe('sign-in throttle: attempts are counted atomically before the password is checked', () => {
  it(`40 wrong passwords sent at once for one account from one address: exactly ${SIGN_IN_POLICY.pairMax} are checked (400), the rest answer 429`, async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => tokenRequest(t, 'vigilante@porton.mx', 'adivina', '10.7.0.1')),
    );
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 400)).toHaveLength(SIGN_IN_POLICY.pairMax);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40 - SIGN_IN_POLICY.pairMax);
    // The owner, from another address, still signs in.
    expect((await tokenRequest(t, 'vigilante@porton.mx', 'Porton2026', '10.7.0.2')).statusCode).toBe(200);
  });
});
