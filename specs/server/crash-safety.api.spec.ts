/**
 * Crash safety and shutdown (issue 16 §5), on the database of this run (PGlite in a data folder,
 * or PostgreSQL when DATABASE_URL is set): the real server in a child process.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHUTTING_DOWN } from '../../src/server/plugins/shutdown.js';
import { connect } from 'node:net';
import { preparedData, signInOver, startServer, type ServerProcess } from '../support/server-process.js';

let data: Awaited<ReturnType<typeof preparedData>>;
let running: ServerProcess | null = null;
beforeAll(async () => { data = await preparedData(); }, 120_000);
afterAll(async () => {
  if (running && running.child.exitCode === null) { running.child.kill('SIGKILL'); await running.exited; }
  await data?.drop();
});

const createZone = (base: string, token: string, name: string) => fetch(`${base}/api/zones`, {
  method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify([{ name }]),
});

/** Every zone name of the administrator's community, read through the API. */
async function zoneNames(base: string, token: string): Promise<Set<string>> {
  const names = new Set<string>();
  for (let page = 0; ; page++) {
    const res = await fetch(`${base}/api/zones?size=100&page=${page}`, { headers: { authorization: `Bearer ${token}` } });
    const body = (await res.json()) as { content: { name: string }[]; totalPages: number };
    for (const z of body.content) names.add(z.name);
    if (page + 1 >= body.totalPages) return names;
  }
}

describe('SIGKILL in the middle of a burst of writes, then a restart', () => {
  it('every write that answered 2xx is there, and the server starts cleanly', async () => {
    running = await startServer(data.env);
    const token = await signInOver(running.base, 'administrador@porton.mx');
    const acknowledged: string[] = [];
    let sent = 0;
    let killed = false;
    // A bounded burst: 4 writers, at most 400 writes; the kill comes after 40 acknowledged ones.
    const writer = async (w: number) => {
      while (!killed && sent < 400) {
        const name = `Zona ráfaga ${w}-${sent++}`;
        try {
          const res = await createZone(running!.base, token, name);
          if (res.status >= 200 && res.status < 300) acknowledged.push(name);
          if (acknowledged.length >= 40 && !killed) { killed = true; running!.child.kill('SIGKILL'); }
        } catch {
          return; // the connection died with the process
        }
      }
    };
    await Promise.all([0, 1, 2, 3].map(writer));
    const exit = await running.exited;
    expect(exit.signal).toBe('SIGKILL');
    expect(acknowledged.length).toBeGreaterThanOrEqual(40);

    running = await startServer(data.env);
    const again = await signInOver(running.base, 'administrador@porton.mx');
    const names = await zoneNames(running.base, again);
    expect(acknowledged.filter((n) => !names.has(n))).toEqual([]);
  }, 300_000);
});

describe('SIGTERM', () => {
  it('requests in flight finish with their 2xx and are kept; the process closes sockets and database and exits 0', async () => {
    if (running && running.child.exitCode === null) { running.child.kill('SIGTERM'); await running.exited; }
    // Logged at debug ('incoming request'), so the test can see the server has received every request of the burst before it signals.
    running = await startServer({ ...data.env, LOG_LEVEL: 'debug' });
    const token = await signInOver(running.base, 'administrador@porton.mx');
    const received = () => running!.output().split('\n').filter((l) => l.includes('incoming request') && l.includes('/api/zones')).length;
    const answers: { name: string; status: number; body: unknown }[] = [];
    const failures: string[] = [];
    const burst = Array.from({ length: 6 }, (_, i) => `Zona cierre ${i}`).map(async (name) => {
      try {
        const res = await createZone(running!.base, token, name);
        answers.push({ name, status: res.status, body: await res.json() });
      } catch (error) {
        failures.push(String((error as { cause?: { code?: string } }).cause?.code ?? error));
      }
    });
    while (received() < 6 && answers.length < 6) await new Promise((r) => setTimeout(r, 2));
    running.child.kill('SIGTERM');
    await Promise.all(burst);
    const exit = await running.exited;
    expect(exit.code).toBe(0);
    expect(failures).toEqual([]);
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201, 201]);
    expect(running.output()).toContain('cerrando Portón');
    expect(running.output()).not.toMatch(/"level":(50|60)/);

    running = await startServer(data.env);
    const names = await zoneNames(running.base, await signInOver(running.base, 'administrador@porton.mx'));
    expect(answers.filter((a) => !names.has(a.name))).toEqual([]);
    running.child.kill('SIGTERM');
    expect((await running.exited).code).toBe(0);
  }, 300_000);
});

describe('a request that arrives while the server closes', () => {
  it('answers 503 in the contract error shape, in Spanish, after the one in flight finished', async () => {
    // At debug the request is logged when it arrives ('incoming request'): the test sees it is in flight.
    running = await startServer({ ...data.env, LOG_LEVEL: 'debug' });
    const { port } = new URL(running.base);
    const form = new URLSearchParams({ grant_type: 'password', username: 'administrador@porton.mx', password: 'Porton2026' }).toString();
    // A sign-in whose body is still on its way when SIGTERM comes (so it is in flight), then a second request on that connection.
    const socket = connect(Number(port), '127.0.0.1');
    let raw = '';
    socket.on('data', (d) => { raw += d; });
    const ended = new Promise((r) => socket.once('close', r));
    socket.write(`POST /oauth/token HTTP/1.1\r\nHost: x\r\nAuthorization: Basic ${Buffer.from('porton-web:porton-web-secret').toString('base64')}\r\n`
      + `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${Buffer.byteLength(form)}\r\n\r\n`);
    while (!running.output().includes('/oauth/token')) await new Promise((r) => setTimeout(r, 2));
    running.child.kill('SIGTERM');
    while (!running.output().includes('cerrando Portón')) await new Promise((r) => setTimeout(r, 2));
    socket.write(`${form}GET /api/users/whoami HTTP/1.1\r\nHost: x\r\n\r\n`);
    await ended;
    expect((await running.exited).code).toBe(0);
    const [first, second] = raw.split(/(?=HTTP\/1\.1 )/);
    expect(first).toMatch(/^HTTP\/1\.1 200/);
    expect(second).toMatch(/^HTTP\/1\.1 503/);
    expect(JSON.parse(second.slice(second.indexOf('\r\n\r\n') + 4))).toEqual(SHUTTING_DOWN);
  }, 300_000);
});
