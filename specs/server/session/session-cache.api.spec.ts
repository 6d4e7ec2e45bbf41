/**
 * Sessions at memory speed, revocation still immediate (docs/decisions.md, "Sessions and
 * sign-in"). Process A is the app of this test; process B is the real
 * server in a child process on the same database when DATABASE_URL is set (PostgreSQL), and A itself
 * on PGlite (one process: PGlite cannot be shared). Both keep tokens in their session cache with a
 * ten-minute safety TTL, so only the auth events can end a cached session in time.
 *
 * Each path: B answers the token first (so B has it cached), the change is made through A, A refuses
 * the very next request at once (no wait: the write's answer waited for its own events), and B, after
 * the notification window, refuses its very next request.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { tokenHash } from '../../../src/server/platform/services/tokens.js';
import { DEVICE_TOKEN_PREFIX } from '../../../src/shared/devices/device-rules.js';
import type { DeviceAnswer, LinkAnswer, LinkCodeAnswer } from '../../../src/shared/devices/device-types.js';
import { integratorUuid } from '../../support/community-fixtures.js';
import { pause } from '../../support/realtime-client.js';
import { startServer, type ServerProcess } from '../../support/server-process.js';
import { testApp, type TestApp } from '../../support/test-app.js';

/**
 * The window allowed for B to hear a change made on A: a NOTIFY reaches every listening
 * connection at commit, in milliseconds on one host; a loaded shared machine gets 250 ms.
 */
const NOTIFY_WINDOW_MS = 250;
const LONG_TTL = { SESSION_CACHE_TTL_MS: '600000' };

let t: TestApp;
let peer: ServerProcess | null = null;
let admin: string;

beforeAll(async () => {
  t = await testApp({ env: LONG_TTL });
  if (t.kind === 'postgres') peer = await startServer({ DATABASE_URL: t.url!, ...LONG_TTL });
  admin = await t.signIn('administrador@porton.mx');
}, 180_000);
afterAll(async () => {
  if (peer && peer.child.exitCode === null) {
    peer.child.kill('SIGTERM');
    await peer.exited;
  }
  await t?.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** Status of a request on process B (the child server on PostgreSQL, A itself on PGlite). */
async function onB(method: Method, url: string, token: string): Promise<number> {
  if (!peer) return (await t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` } })).statusCode;
  return (await fetch(`${peer.base}${url}`, { method, headers: { authorization: `Bearer ${token}` } })).status;
}
const onA = async (method: Method, url: string, token: string) =>
  (await t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` } })).statusCode;
const me = '/api/users/me';

/** B has the session cached and A has it cached; then `change` runs through A; both refuse the next request. */
async function revokedOnBoth(token: string, change: () => Promise<void>, url = me, method: Method = 'GET') {
  expect(await onB(method, url, token)).toBe(200);
  expect(await onA(method, url, token)).toBe(200);
  await change();
  expect(await onA(method, url, token), 'process A, the very next request').toBe(401);
  await pause(NOTIFY_WINDOW_MS);
  expect(await onB(method, url, token), 'process B, the very next request after the notification').toBe(401);
}

describe(`the session cache serves from memory, so events must end sessions (${process.env.DATABASE_URL ? 'two processes on PostgreSQL' : 'one process on PGlite'})`, () => {
  it('a session revoked without an auth event stays answered from the cache on both processes (the control: what the events prevent)', async () => {
    const token = await t.signIn('administrador@porton.mx');
    expect(await onB('GET', me, token)).toBe(200);
    expect(await onA('GET', me, token)).toBe(200);
    await t.db.tx(async (q) => {
      await q.query('SET LOCAL ROLE NONE'); // as the owner: only it may alter the table
      await q.query('ALTER TABLE sessions DISABLE TRIGGER sessions_auth_change');
      await q.query('UPDATE sessions SET revoked_at = now() WHERE token_hash = $1', [tokenHash(token)]);
      await q.query('ALTER TABLE sessions ENABLE TRIGGER sessions_auth_change');
    });
    await pause(NOTIFY_WINDOW_MS);
    expect(await onA('GET', me, token)).toBe(200);
    expect(await onB('GET', me, token)).toBe(200);
  });
});

describe('every revocation path of docs/decisions.md takes effect on the very next request, on every process', () => {
  it('log-out', async () => {
    const token = await t.signIn('administrador@porton.mx');
    await revokedOnBoth(token, async () => {
      expect(await onA('POST', '/api/users/logout', token)).toBe(204);
    });
  });

  it('a password reset (the new password revokes the open sessions)', async () => {
    const token = await t.signIn('capturista@porton.mx');
    await revokedOnBoth(token, async () => {
      const asked = await t.app.inject({
        method: 'POST',
        url: '/api/users/resetPassword',
        payload: 'capturista@porton.mx',
        headers: { authorization: t.basic, 'content-type': 'text/plain' },
      });
      expect(asked.statusCode).toBe(200);
      const mail = await vi.waitFor(() => {
        const m = t.mailer.sent.at(-1);
        if (m?.to !== 'capturista@porton.mx') throw new Error('no mail yet');
        return m;
      });
      const ticket = /uuid=([0-9a-f-]{36})/.exec(mail.text)![1];
      const set = await t.app.inject({
        method: 'POST',
        url: '/api/users/newPassword',
        payload: { uuid: ticket, password: 'NuevaClave9' },
      });
      expect(set.statusCode).toBe(200);
    });
  });

  it('a disabled resident (its account has no live resident record left)', async () => {
    const token = await t.signIn('residente@porton.mx');
    const records = await t.db.query<{ uuid: string }>(
      "SELECT r.uuid FROM residents r JOIN users u ON u.id = r.user_id WHERE u.email = 'residente@porton.mx' AND r.deleted_at IS NULL AND r.status = 'ACTIVE'",
    );
    expect(records.length).toBeGreaterThan(0);
    await revokedOnBoth(token, async () => {
      for (const { uuid } of records) expect(await onA('PUT', `/api/residents/disable/${uuid}`, admin)).toBe(200);
    });
  });

  it('a deleted user', async () => {
    const token = await t.signIn('vigilante@porton.mx');
    const { uuid } = (await t.db.one<{ uuid: string }>("SELECT uuid FROM users WHERE email = 'vigilante@porton.mx'"))!;
    await revokedOnBoth(token, async () => {
      expect(await onA('DELETE', `/api/users/${uuid}`, admin)).toBe(204);
    });
  });

  it("a disabled integrator: its own account and its communities' staff", async () => {
    const general = await t.signIn('admin@porton.mx');
    const [own, staff] = [await t.signIn('integrador2@porton.mx'), await t.signIn('administrador2@porton.mx')];
    expect(await onB('GET', me, staff)).toBe(200);
    await revokedOnBoth(own, async () => {
      expect(
        await onA('PUT', `/api/integrator/${await integratorUuid(t, 'integrador2@porton.mx')}/disable`, general),
      ).toBe(200);
    });
    expect(await onA('GET', me, staff)).toBe(401);
    expect(await onB('GET', me, staff)).toBe(401);
    expect(
      await onA('PUT', `/api/integrator/${await integratorUuid(t, 'integrador2@porton.mx')}/enable`, general),
    ).toBe(200);
  });

  it('a closed community (licence expired): the members of its sessions', async () => {
    const integrator = await t.signIn('integrador@porton.mx');
    const token = await t.signIn('administrador@porton.mx');
    const frac = ((await t.as(token).get(me)).json() as { testFrac: { uuid: string } }).testFrac.uuid;
    await revokedOnBoth(token, async () => {
      expect(await onA('PUT', `/api/fracs/${frac}/disable`, integrator)).toBe(200);
    });
    expect(await onA('PUT', `/api/fracs/${frac}/enable`, integrator)).toBe(200);
    // Enabling brings the session back (not revoked), on both processes.
    expect(await onA('GET', me, token)).toBe(200);
    await pause(NOTIFY_WINDOW_MS);
    expect(await onB('GET', me, token)).toBe(200);
  });

  it('an unlinked device: its token stops', async () => {
    const created = await t.as(admin).post('/api/devices/', { name: 'Caseta caché' });
    expect(created.statusCode, created.body).toBe(201);
    const booth = created.json() as DeviceAnswer;
    const { code } = (await t.as(admin).put(`/api/devices/linkCode/${booth.uuid}`)).json() as LinkCodeAnswer;
    const linked = await t.app.inject({
      method: 'POST',
      url: '/api/devices/link',
      payload: { code },
      remoteAddress: '10.0.0.9',
    });
    const { deviceToken: token } = linked.json() as LinkAnswer;
    expect(token.startsWith(DEVICE_TOKEN_PREFIX)).toBe(true);
    const { deviceToken } = (await t.as(admin).get(`/api/devices/${booth.uuid}`)).json() as DeviceAnswer;
    await revokedOnBoth(
      token,
      async () => {
        expect((await t.as(admin).put(`/api/devices/unlinkDevice/${booth.uuid}`, { deviceToken })).statusCode).toBe(
          200,
        );
      },
      '/api/devices/heartbeat',
      'POST',
    );
  });

  it('switching the active community is seen at once by both processes (the cached context follows the session)', async () => {
    const token = await t.signIn('administrador@porton.mx');
    const before = ((await t.as(token).get(me)).json() as { testFrac: { uuid: string } }).testFrac.uuid;
    const fracs = ((await t.as(token).get(me)).json() as { product: { uuid: string }[] }).product;
    const other = fracs.find((f) => f.uuid !== before);
    expect(other, 'the demo administrator works in two communities').toBeDefined();
    const frac = async (on: 'A' | 'B') => {
      if (on === 'A' || !peer)
        return ((await t.as(token).get(me)).json() as { testFrac: { uuid: string } }).testFrac.uuid;
      return (
        (await (await fetch(`${peer.base}${me}`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
          testFrac: { uuid: string };
        }
      ).testFrac.uuid;
    };
    expect(await frac('B')).toBe(before);
    expect((await t.as(token).put(`/api/users/setUpdateFrac/${other!.uuid}`)).statusCode).toBe(200);
    expect(await frac('A')).toBe(other!.uuid);
    await pause(NOTIFY_WINDOW_MS);
    expect(await frac('B')).toBe(other!.uuid);
  });
});
