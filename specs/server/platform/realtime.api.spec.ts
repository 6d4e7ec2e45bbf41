import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Visit } from '../../../src/shared/visits/visit-types.js';
import {
  connectDashboard,
  listenLocal,
  pause,
  recordEvents,
  subscribe,
  waitFor,
  type DashboardSocket,
} from '../../support/realtime-client.js';
import { testApp, type TestApp } from '../../support/test-app.js';

let t: TestApp;
let url: string;
let tokens: Record<'admin' | 'admin2' | 'guard' | 'resident' | 'capturista', string>;
let palmas: string;
let villas: string;
const open: DashboardSocket[] = [];
const connect = async (token: string | undefined) => {
  const s = await connectDashboard(url, token);
  open.push(s);
  return s;
};

beforeAll(async () => {
  t = await testApp();
  url = await listenLocal(t.app);
  const [admin, admin2, guard, resident, capturista] = await Promise.all(
    ['administrador', 'administrador2', 'vigilante', 'residente', 'capturista'].map((n) => t.signIn(`${n}@porton.mx`)),
  );
  tokens = { admin, admin2, guard, resident, capturista };
  palmas = (await t.as(admin).get('/api/users/me')).json().testFrac.uuid;
  villas = (await t.as(admin2).get('/api/users/me')).json().testFrac.uuid;
});
afterEach(() => {
  for (const s of open.splice(0)) s.close();
});
afterAll(async () => {
  await t?.close();
}); // t is unset when beforeAll failed: report that error alone

const registerVisit = async (accessMode: 'QR' | 'MANUAL' = 'QR') => {
  const res = await t.as(tokens.guard).post('/api/visitants', { firstName: 'Luis', accessMode });
  expect(res.statusCode).toBe(201);
  return res.json() as Visit;
};

describe('realtime handshake and subscribe', () => {
  it('refuses a connection without a token or with a bad token (connect_error)', async () => {
    for (const token of [undefined, '', 'no-es-un-token']) {
      const error = await connectDashboard(url, token).then(
        () => null,
        (e: Error & { data?: unknown }) => e,
      );
      expect(error?.message).toBe('Tu sesión ha expirado, inicia sesión de nuevo.');
      expect(error?.data).toMatchObject({ error: 'unauthorized' });
    }
  });

  it("subscribe joins the caller's own community only; another community's uuid is refused", async () => {
    const socket = await connect(tokens.admin);
    expect(await subscribe(socket, villas)).toEqual({ ok: false, error: 'No perteneces a ese fraccionamiento.' });
    expect(await subscribe(socket, 'no-es-uuid')).toMatchObject({ ok: false });
    expect(await subscribe(socket, palmas)).toEqual({ ok: true });
    expect((await subscribe(await connect(tokens.admin2), palmas)).ok).toBe(false);
  });

  it('a resident (no dashboard) is refused even for its own community', async () => {
    expect((await subscribe(await connect(tokens.resident), palmas)).ok).toBe(false);
  });
});

describe('V_IN and V_OUT reach the community that registered the visit, and nobody else', () => {
  it("POST /api/visitants delivers V_IN to the community's subscribers only", async () => {
    const mine = await connect(tokens.admin);
    const clerk = await connect(tokens.capturista);
    const other = await connect(tokens.admin2);
    const idle = await connect(tokens.admin);
    await Promise.all([subscribe(mine, palmas), subscribe(clerk, palmas), subscribe(other, villas)]);
    const [mineEvents, clerkEvents, otherEvents, idleEvents] = [mine, clerk, other, idle].map(recordEvents);

    const visit = await registerVisit('MANUAL');
    const got = await waitFor(() => mineEvents.find((e) => e.event.uuid === visit.uuid), 'V_IN');
    expect(got).toEqual({
      type: 'V_IN',
      event: { uuid: visit.uuid, fracUuid: palmas, accessMode: 'MANUAL', at: visit.timein },
    });
    await waitFor(() => clerkEvents.find((e) => e.event.uuid === visit.uuid), 'V_IN to the capturista');
    await pause(200);
    expect(otherEvents).toEqual([]);
    expect(idleEvents).toEqual([]);
  });

  it('PUT /api/visitants/{uuid}/exit delivers V_OUT', async () => {
    const socket = await connect(tokens.admin);
    await subscribe(socket, palmas);
    const events = recordEvents(socket);
    const visit = await registerVisit();
    const exit = (await t.as(tokens.guard).put(`/api/visitants/${visit.uuid}/exit`)).json() as Visit;
    const out = await waitFor(() => events.find((e) => e.type === 'V_OUT'), 'V_OUT');
    expect(out.event).toEqual({ uuid: visit.uuid, fracUuid: palmas, accessMode: 'QR', at: exit.timeout });
    expect(events.map((e) => e.type)).toEqual(['V_IN', 'V_OUT']);
  });

  it('a new subscription replaces the previous community', async () => {
    const bosques = (await t.as(tokens.admin).get('/api/users/me'))
      .json()
      .product.find((p: { name: string }) => p.name === 'Bosques del Valle').uuid;
    const socket = await connect(tokens.admin);
    await subscribe(socket, palmas);
    expect(await subscribe(socket, bosques)).toEqual({ ok: true });
    const events = recordEvents(socket);
    await registerVisit();
    await pause(300);
    expect(events).toEqual([]);
  });

  it('a socket whose session ended (log-out) is dropped and hears nothing more', async () => {
    const token = await t.signIn('administrador@porton.mx');
    const socket = await connect(token);
    await subscribe(socket, palmas);
    const closed = new Promise((resolve) => socket.once('disconnect', resolve));
    await t.as(token).post('/api/users/logout');
    await closed; // by the log-out's own event, before any periodic check
    expect(socket.connected).toBe(false);
  });
});

describe('open sockets follow their sessions (QUALITY: revoked at once)', () => {
  it('A socket subscribed before log-out is dropped at once by the log-out itself, with no periodic check', async () => {
    const token = await t.signIn('administrador@porton.mx');
    const socket = await connect(token);
    await subscribe(socket, palmas);
    const events = recordEvents(socket);
    const closed = new Promise((resolve) => socket.once('disconnect', resolve));
    expect((await t.as(token).post('/api/users/logout')).statusCode).toBe(204);
    await waitFor(() => (socket.connected ? undefined : true), 'the socket to close', 2_000);
    await closed;
    await registerVisit();
    await pause(200);
    expect(events).toEqual([]);
  });

  it('A disabled account and a disabled integrator drop their sockets at once, with no periodic check', async () => {
    const user = await connect(await t.signIn('capturista@porton.mx'));
    const member = await connect(await t.signIn('administrador2@porton.mx'));
    expect((await Promise.all([subscribe(user, palmas), subscribe(member, villas)])).map((r) => r.ok)).toEqual([
      true,
      true,
    ]);
    await t.db.query(`UPDATE users SET status = 'DISABLED' WHERE email = 'capturista@porton.mx'`);
    await t.db.query(
      `UPDATE integrators SET enabled = false WHERE user_id = (SELECT id FROM users WHERE email = 'integrador2@porton.mx')`,
    );
    try {
      await waitFor(() => (!user.connected && !member.connected ? true : undefined), 'both sockets to close', 2_000);
    } finally {
      await t.db.query(`UPDATE users SET status = 'ACTIVE' WHERE email = 'capturista@porton.mx'`);
      await t.db.query(`UPDATE integrators SET enabled = true`);
    }
  });

  it("a deleted user's socket and a socket of a community closed by a disabled integrator are dropped; others stay", async () => {
    const [created] = (
      await t
        .as(tokens.admin)
        .post('/api/users', [
          { idUsersTypes: 2, email: 'socket.borrado@porton.mx', firstName: 'Socket', lastName: 'Por Borrar' },
        ])
    ).json();
    const ticket = /uuid=([0-9a-f-]{36})/.exec(t.mailer.sent.at(-1)!.text)![1];
    await t.app.inject({
      method: 'POST',
      url: '/api/users/newPassword',
      payload: { uuid: ticket, password: 'Socket2026' },
    });
    const doomed = await connect(await t.signIn('socket.borrado@porton.mx', 'Socket2026'));
    const closedCommunity = await connect(await t.signIn('administrador2@porton.mx'));
    const kept = await connect(tokens.admin);
    expect(
      (await Promise.all([subscribe(doomed, palmas), subscribe(closedCommunity, villas), subscribe(kept, palmas)])).map(
        (r) => r.ok,
      ),
    ).toEqual([true, true, true]);

    expect((await t.as(tokens.admin).del(`/api/users/${created.uuid}`)).statusCode).toBe(204);
    await t.db.query(
      `UPDATE integrators SET enabled = false WHERE user_id = (SELECT id FROM users WHERE email = 'integrador2@porton.mx')`,
    );
    try {
      await waitFor(
        () => (!doomed.connected && !closedCommunity.connected ? true : undefined),
        'the two sockets to close',
      );
      expect(kept.connected).toBe(true);
    } finally {
      await t.db.query(`UPDATE integrators SET enabled = true`);
    }
  });
});

describe('the handshake resolves a session as an HTTP request does (same function, same row scope, same checks)', () => {
  const refusal = (token: string) =>
    connectDashboard(url, token).then(
      (s) => {
        s.close();
        return null;
      },
      (e: Error & { data?: unknown }) => e,
    );

  it('an account whose every community is closed (its memberships, read across communities) is refused at the handshake, as its requests are', async () => {
    const email = 'socket.bloqueado@porton.mx';
    const [created] = (
      await t
        .as(tokens.admin)
        .post('/api/users', [{ idUsersTypes: 2, email, firstName: 'Socket', lastName: 'Bloqueado' }])
    ).json();
    expect(created).toBeDefined();
    const ticket = /uuid=([0-9a-f-]{36})/.exec(t.mailer.sent.at(-1)!.text)![1];
    await t.app.inject({
      method: 'POST',
      url: '/api/users/newPassword',
      payload: { uuid: ticket, password: 'Socket2026' },
    });
    const token = await t.signIn(email, 'Socket2026');
    expect(await refusal(token)).toBeNull(); // a member of an open community connects
    // Its only membership now is in a community whose licence expired; its session stays on Palmas, which is open.
    const closed = await t.db.one<{ id: number }>(
      "INSERT INTO communities (name, license_expired) VALUES ('Cerrada Vencida', true) RETURNING id",
    );
    await t.db.query(
      'INSERT INTO user_communities (user_id, community_id) SELECT id, $2 FROM users WHERE email = $1 AND deleted_at IS NULL',
      [email, closed!.id],
    );
    await t.db.query(
      `DELETE FROM user_communities WHERE user_id = (SELECT id FROM users WHERE email = $1 AND deleted_at IS NULL)
                       AND community_id = (SELECT id FROM communities WHERE uuid = $2)`,
      [email, palmas],
    );
    expect((await t.as(token).get('/api/users/whoami')).statusCode).toBe(401);
    const error = await refusal(token);
    expect(error?.message).toBe('Tu sesión ha expirado, inicia sesión de nuevo.');
    expect(error?.data).toMatchObject({ error: 'unauthorized' });
  });

  it('a signed-out token and a disabled account are refused at the handshake', async () => {
    const signedOut = await t.signIn('administrador@porton.mx');
    expect((await t.as(signedOut).post('/api/users/logout')).statusCode).toBe(204);
    expect((await refusal(signedOut))?.data).toMatchObject({ error: 'unauthorized' });
    const disabled = await t.signIn('vigilante@porton.mx');
    await t.db.query(`UPDATE users SET status = 'DISABLED' WHERE email = 'vigilante@porton.mx'`);
    try {
      expect((await refusal(disabled))?.data).toMatchObject({ error: 'unauthorized' });
    } finally {
      await t.db.query(`UPDATE users SET status = 'ACTIVE' WHERE email = 'vigilante@porton.mx'`);
    }
  });
});
