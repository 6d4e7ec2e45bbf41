/**
 * The real API server in a child process, for view tests that must see what the server does
 * (happy-dom's module mode cannot load the server in-process). `fetch` answers through it.
 */
import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port.js';

export async function startApi() {
  const dataDir = mkdtempSync(join(tmpdir(), 'porton-view-'));
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => {
    out += d;
  });
  child.stderr!.on('data', (d) => {
    out += d;
  });
  const deadline = Date.now() + 90_000;
  while (!out.includes('Portón está listo')) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`API did not start: ${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }

  /** A browser-like fetch of relative paths, answered by the server over HTTP. */
  const fetch = (input: string, init: RequestInit = {}) =>
    new Promise<Response>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          path: input,
          method: init.method ?? 'GET',
          headers: init.headers as Record<string, string>,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const body = Buffer.concat(chunks).toString('utf8');
            resolve(
              new Response(res.statusCode === 204 ? null : body, {
                status: res.statusCode,
                headers: { 'content-type': String(res.headers['content-type'] ?? '') },
              }),
            );
          });
        },
      );
      req.on('error', reject);
      if (typeof init.body === 'string') req.write(init.body);
      req.end();
    });

  /** An access token of a demo account, through the password grant. */
  const signIn = async (email: string) => {
    const basic = `Basic ${Buffer.from('porton-web:porton-web-secret').toString('base64')}`;
    const res = await fetch('/oauth/token', {
      method: 'POST',
      headers: { Authorization: basic, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'password', username: email, password: 'Porton2026' }).toString(),
    });
    return (JSON.parse(await res.text()) as { access_token: string }).access_token;
  };

  return {
    fetch,
    signIn,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGINT');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
