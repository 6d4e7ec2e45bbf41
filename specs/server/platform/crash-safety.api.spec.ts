/**
 * Crash safety and shutdown, on the database of this run (PGlite in a data folder,
 * or PostgreSQL when DATABASE_URL is set): the real server in a child process.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHUTTING_DOWN } from '../../../src/server/platform/plugins/shutdown.js';
import { connect, type Socket } from 'node:net';
import { preparedData, signInOver, startServer, type ServerProcess } from '../../support/server-process.js';

let data: Awaited<ReturnType<typeof preparedData>>;
let running: ServerProcess | null = null;
beforeAll(async () => {
  data = await preparedData();
}, 120_000);
afterAll(async () => {
  if (running && running.child.exitCode === null) {
    running.child.kill('SIGKILL');
    await running.exited;
  }
  await data?.drop();
});

const createZone = (base: string, token: string, name: string) =>
  fetch(`${base}/api/zones`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify([{ name }]),
  });

/** Every zone name of the administrator's community, read through the API. */
async function zoneNames(base: string, token: string): Promise<Set<string>> {
  const names = new Set<string>();
  for (let page = 0; ; page++) {
    const res = await fetch(`${base}/api/zones?size=100&page=${page}`, {
      headers: { authorization: `Bearer ${token}` },
    });
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
          if (acknowledged.length >= 40 && !killed) {
            killed = true;
            running!.child.kill('SIGKILL');
          }
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
    if (running && running.child.exitCode === null) {
      running.child.kill('SIGTERM');
      await running.exited;
    }
    // Logged at debug ('incoming request'), so the test can see the server has received every request of the burst before it signals.
    running = await startServer({ ...data.env, LOG_LEVEL: 'debug' });
    const token = await signInOver(running.base, 'administrador@porton.mx');
    const received = () =>
      running!
        .output()
        .split('\n')
        .filter((l) => l.includes('incoming request') && l.includes('/api/zones')).length;
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
    const form = new URLSearchParams({
      grant_type: 'password',
      username: 'administrador@porton.mx',
      password: 'Porton2026',
    }).toString();
    // A sign-in whose body is still on its way when SIGTERM comes (so it is in flight), then a second request on that connection.
    const socket = connect(Number(port), '127.0.0.1');
    let raw = '';
    socket.on('data', (d) => {
      raw += d;
    });
    const ended = new Promise((r) => socket.once('close', r));
    socket.write(
      `POST /oauth/token HTTP/1.1\r\nHost: x\r\nAuthorization: Basic ${Buffer.from('porton-web:porton-web-secret').toString('base64')}\r\n` +
        `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${Buffer.byteLength(form)}\r\n\r\n`,
    );
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

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** A TCP connection to the server, open. */
function openConnection(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => undefined); // each exchange reports its own
    socket.once('connect', () => resolve(socket));
    socket.once('error', reject);
  });
}

/**
 * One HTTP/1.1 exchange on a raw connection: `written` when the request has left this process,
 * `answer` with the whole answer, or rejected with the socket's error code (ECONNRESET…) when the
 * connection fails or closes before a whole answer.
 */
function exchange(socket: Socket, request: string): { written: Promise<void>; answer: Promise<RawAnswer> } {
  let written!: Promise<void>;
  const answer = new Promise<RawAnswer>((resolve, reject) => {
    let buffer = Buffer.alloc(0);
    const done = () => {
      socket.off('data', onData);
      socket.off('error', onError);
      socket.off('close', onClose);
    };
    const onData = (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      const end = buffer.indexOf('\r\n\r\n');
      if (end < 0) return;
      const [statusLine, ...lines] = buffer.subarray(0, end).toString('latin1').split('\r\n');
      const headers = Object.fromEntries(
        lines.map((l) => [l.slice(0, l.indexOf(':')).trim().toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
      );
      const length = Number(headers['content-length'] ?? 0);
      if (buffer.length < end + 4 + length) return;
      done();
      resolve({
        status: Number(statusLine!.split(' ')[1]),
        headers,
        body: buffer.subarray(end + 4, end + 4 + length).toString('utf8'),
      });
    };
    const onError = (error: NodeJS.ErrnoException) => {
      done();
      reject(new Error(error.code ?? error.message));
    };
    const onClose = () => {
      done();
      reject(new Error('closed before a whole answer'));
    };
    socket.on('data', onData);
    socket.on('error', onError);
    socket.on('close', onClose);
    written = new Promise((r) => socket.write(request, () => r()));
  });
  return { written, answer };
}

const readZones = (token: string) =>
  `GET /api/zones?size=20 HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\n\r\n`;
const writeZone = (token: string, name: string) => {
  const body = JSON.stringify([{ name }]);
  return (
    `POST /api/zones HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
  );
};

describe('SIGTERM with requests on the wire', () => {
  it('a request sent before the signal is answered (served, or 503 with Connection: close), never reset; answered writes are kept, refused ones are not; the process exits 0', async () => {
    if (running && running.child.exitCode === null) {
      running.child.kill('SIGTERM');
      await running.exited;
    }
    running = await startServer(data.env);
    const token = await signInOver(running.base, 'administrador@porton.mx');
    const port = Number(new URL(running.base).port);
    // 30 connections a client's pool keeps: each has served one request and waits, idle.
    const kept = await Promise.all(
      Array.from({ length: 30 }, async () => {
        const socket = await openConnection(port);
        expect((await exchange(socket, readZones(token)).answer).status).toBe(200);
        return socket;
      }),
    );
    // 30 reads and 30 writes, half on the kept connections and half on connections opened for them;
    // the signal 100 ms after they are sent, while the server, busy with the first, has not read the last.
    const sent: { kind: 'read' | 'write'; name: string; written: Promise<void>; answer: Promise<RawAnswer> }[] = [];
    const send = (socket: Socket, kind: 'read' | 'write', name: string) => {
      const { written, answer } = exchange(socket, kind === 'read' ? readZones(token) : writeZone(token, name));
      sent.push({ kind, name, written, answer });
    };
    const fresh = await Promise.all(Array.from({ length: 30 }, () => openConnection(port)));
    for (let i = 0; i < 60; i++) {
      const kind = i % 2 === 0 ? 'read' : 'write';
      send(i < 30 ? kept[i]! : fresh[i - 30]!, kind, `Zona en vuelo ${i}`);
    }
    await Promise.all(sent.map((s) => s.written));
    await new Promise((r) => setTimeout(r, 100));
    running.child.kill('SIGTERM');
    const settled = await Promise.allSettled(sent.map((s) => s.answer));
    const exit = await running.exited;
    for (const socket of [...kept, ...fresh]) socket.destroy();

    const failures = settled.flatMap((s, i) =>
      s.status === 'rejected' ? [`${sent[i]!.kind} ${sent[i]!.name}: ${String((s.reason as Error).message)}`] : [],
    );
    expect(failures).toEqual([]);
    const answers = settled.map((s, i) => ({ ...sent[i]!, ...(s as PromiseFulfilledResult<RawAnswer>).value }));
    for (const a of answers) {
      if (a.status === 503) {
        expect(a.headers.connection).toBe('close');
        expect(JSON.parse(a.body)).toEqual(SHUTTING_DOWN);
      } else {
        expect(a.status, a.body).toBe(a.kind === 'read' ? 200 : 201);
      }
    }
    expect(exit.code).toBe(0);

    running = await startServer(data.env);
    const names = await zoneNames(running.base, await signInOver(running.base, 'administrador@porton.mx'));
    const writes = answers.filter((a) => a.kind === 'write');
    expect(writes.filter((a) => a.status === 201 && !names.has(a.name)).map((a) => a.name)).toEqual([]);
    expect(writes.filter((a) => a.status !== 201 && names.has(a.name)).map((a) => a.name)).toEqual([]);
    running.child.kill('SIGTERM');
    expect((await running.exited).code).toBe(0);
  }, 300_000);
});
