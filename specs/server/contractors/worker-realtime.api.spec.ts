import Fastify from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { registerRealtime } from '../../../src/server/platform/plugins/realtime.js';
import { tokenHash } from '../../../src/server/platform/services/tokens.js';
import type { WorkerDecidedEvent, WorkerRequestedEvent } from '../../../src/shared/platform/realtime.js';
import { connectDashboard, listenLocal, pause, waitFor, type DashboardSocket } from '../../support/realtime-client.js';
import { testApp, type TestApp } from '../../support/test-app.js';
import { pdf, photo, workerSites } from '../../support/contractors/worker-fixtures.js';

let t: TestApp;
let url: string;
let sites: Awaited<ReturnType<typeof workerSites>>;
let tokens: Record<'admin' | 'admin2' | 'contractor' | 'guard', string>;
const open: DashboardSocket[] = [];
const connect = async (token: string) => {
  const s = await connectDashboard(url, token);
  open.push(s);
  return s;
};
const subscribeWorkers = (s: DashboardSocket) => s.timeout(5_000).emitWithAck('subscribeWorkers');

beforeAll(async () => {
  t = await testApp();
  url = await listenLocal(t.app);
  sites = await workerSites(t);
  const [admin, admin2, contractor, guard] = await Promise.all(
    ['administrador', 'administrador2', 'contratista', 'vigilante'].map((n) => t.signIn(`${n}@porton.mx`)),
  );
  tokens = { admin, admin2, contractor, guard };
});
afterEach(() => {
  for (const s of open.splice(0)) s.close();
});
afterAll(async () => {
  await t?.close();
});

const requestWorker = async (firstName: string) => {
  const res = await t.as(tokens.contractor).post('/api/constructionWorkerRequests', {
    construction: { uuid: sites.mySite.uuid },
    workers: [{ firstName, lastName: 'Vivo', photo: photo(), identification: pdf(), proofOfAddress: pdf() }],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json()[0] as { uuid: string };
};

describe("worker live updates (a room per contractor; new requests to the community's administrators)", () => {
  it("a new request reaches the community's administrators, not another community's nor a guard", async () => {
    const admin = await connect(tokens.admin);
    const admin2 = await connect(tokens.admin2);
    const guard = await connect(tokens.guard);
    expect(await subscribeWorkers(admin)).toEqual({ ok: true });
    expect(await subscribeWorkers(admin2)).toEqual({ ok: true });
    expect((await subscribeWorkers(guard)).ok).toBe(false);
    const heard: Record<string, WorkerRequestedEvent[]> = { admin: [], admin2: [], guard: [] };
    admin.on('WORKER_REQUESTED', (e) => heard.admin!.push(e));
    admin2.on('WORKER_REQUESTED', (e) => heard.admin2!.push(e));
    guard.on('WORKER_REQUESTED', (e) => heard.guard!.push(e));
    const worker = await requestWorker('Ramón');
    const event = await waitFor(() => heard.admin![0], 'WORKER_REQUESTED');
    expect(event).toMatchObject({
      constructionUuid: sites.mySite.uuid,
      constructionName: 'Casa Roble 30',
      workers: [{ uuid: worker.uuid, name: 'Ramón Vivo' }],
    });
    await pause(100);
    expect(heard.admin2).toEqual([]);
    expect(heard.guard).toEqual([]);
  });

  it("approving and rejecting push to the contractor's open screens, with the name and the reason", async () => {
    const contractor = await connect(tokens.contractor);
    expect(await subscribeWorkers(contractor)).toEqual({ ok: true });
    const heard: WorkerDecidedEvent[] = [];
    contractor.on('WORKER_DECIDED', (e) => heard.push(e));
    const one = await requestWorker('Elsa');
    const two = await requestWorker('Tomás');
    await t.as(tokens.admin).put(`/api/constructionWorkers/${one.uuid}/approve`);
    await t.app.inject({
      method: 'PUT',
      url: `/api/constructionWorkers/${two.uuid}/reject`,
      payload: 'Comprobante vencido',
      headers: { authorization: `Bearer ${tokens.admin}`, 'content-type': 'text/plain' },
    });
    await waitFor(() => (heard.length >= 2 ? heard : undefined), 'two WORKER_DECIDED');
    expect(heard).toEqual([
      expect.objectContaining({
        uuid: one.uuid,
        name: 'Elsa Vivo',
        status: 'Aprobado',
        rejectReason: null,
        constructionUuid: sites.mySite.uuid,
      }),
      expect.objectContaining({
        uuid: two.uuid,
        name: 'Tomás Vivo',
        status: 'Rechazado',
        rejectReason: 'Comprobante vencido',
      }),
    ]);
  });

  it('a refused decision pushes nothing', async () => {
    const contractor = await connect(tokens.contractor);
    await subscribeWorkers(contractor);
    const worker = await requestWorker('Nadia');
    await t.as(tokens.admin).put(`/api/constructionWorkers/${worker.uuid}/approve`);
    const heard: WorkerDecidedEvent[] = [];
    contractor.on('WORKER_DECIDED', (e) => heard.push(e));
    expect((await t.as(tokens.admin).put(`/api/constructionWorkers/${worker.uuid}/approve`)).statusCode).toBe(409);
    await pause(150);
    expect(heard).toEqual([]);
  });
});

describe('subscribeWorkers re-checks the session before joining a room', () => {
  const ENDED = { ok: false, error: 'Tu sesión ha expirado, inicia sesión de nuevo.' };

  it('a session revoked since the handshake is refused and its socket dropped, even where no event announced the revocation', async () => {
    // The realtime plugin alone, deaf to the auth events (as a process whose LISTEN connection was lost).
    const deaf = Fastify();
    await registerRealtime(deaf, { db: t.app.deps.db });
    try {
      const token = await t.signIn('administrador@porton.mx');
      const socket = await connectDashboard(await listenLocal(deaf), token);
      open.push(socket);
      await t.db.query('UPDATE sessions SET revoked_at = now() WHERE token_hash = $1', [tokenHash(token)]);
      expect(socket.connected).toBe(true);
      expect(await subscribeWorkers(socket)).toEqual(ENDED);
      await waitFor(() => (socket.connected ? undefined : true), 'the socket to be dropped');
    } finally {
      await deaf.close();
    }
  });

  it('a session that expired since the handshake (no event announces an expiry) is refused, for a contractor and an administrator', async () => {
    for (const email of ['contratista@porton.mx', 'administrador@porton.mx']) {
      const token = await t.signIn(email);
      const socket = await connect(token);
      await t.db.query("UPDATE sessions SET expires_at = now() - interval '1 minute' WHERE token_hash = $1", [
        tokenHash(token),
      ]);
      expect(await subscribeWorkers(socket), email).toEqual(ENDED);
    }
  });
});
