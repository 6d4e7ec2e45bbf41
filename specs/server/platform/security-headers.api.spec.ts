import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app.js';
import { SHUTTING_DOWN } from '../../../src/server/platform/plugins/errors.js';
import { testApp, type TestApp } from '../../support/test-app.js';

/**
 * Headers and error shapes. Framework answers (414, a bad URL, 503 while
 * closing) are checked here without the per-operation answer check: they come before any route.
 */
let t: TestApp;
let proxied: TestApp;
let token: string;
const dist = mkdtempSync(join(tmpdir(), 'porton-dist-'));
beforeAll(async () => {
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Portón</title>');
  writeFileSync(join(dist, 'assets', 'index-3f9a1c2b.js'), 'console.log(1)');
  t = await testApp({ checkAnswers: false, distDir: dist });
  proxied = await testApp({ checkAnswers: false, env: { TRUST_PROXY: '10.9.0.1' } });
  token = await t.signIn('administrador@porton.mx');
});
afterAll(async () => {
  await t?.close();
  await proxied?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('CSP and HSTS only over HTTPS', () => {
  it('over plain HTTP: no upgrade-insecure-requests, no HSTS, connect-src is the own origin only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(csp).toContain("connect-src 'self'");
    expect(csp).not.toMatch(/connect-src[^;]*(ws:|wss:|\*)/);
  });

  it('a forwarded https from an untrusted peer changes nothing', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('behind the trusted proxy that says https: HSTS and upgrade-insecure-requests', async () => {
    const res = await proxied.app.inject({
      method: 'GET',
      url: '/api/openapi.json',
      remoteAddress: '10.9.0.1',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(String(res.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
  });
});

describe('the standard security headers (CSP, nosniff, referrer policy, frame ancestors)', () => {
  const standard = (headers: Record<string, unknown>) => {
    expect(String(headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBeDefined();
  };

  it('the shell takes the full set; an API answer the short one for data (default-src none), errors included', async () => {
    const shell = await t.app.inject({ method: 'GET', url: '/' });
    standard(shell.headers);
    expect(String(shell.headers['content-security-policy'])).toContain("script-src 'self'");
    for (const res of [
      await t.as(token).get('/api/users/whoami'),
      await t.app.inject({ method: 'GET', url: '/api/users/whoami' }),
      await t.as(token).get('/api/no-existe'),
    ]) {
      standard(res.headers);
      expect(String(res.headers['content-security-policy'])).toContain("default-src 'none'");
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('the answers Fastify gives before any route (414, a bad percent-encoding) carry them too', async () => {
    for (const url of [`/api/zones/${'a'.repeat(101)}`, '/api/zones/%E0%A4%A']) {
      const res = await t.as(token).get(url);
      expect([400, 414]).toContain(res.statusCode);
      standard(res.headers);
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });
});

describe('Cache-Control', () => {
  it('no-store on the token answer and on authenticated JSON', async () => {
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { authorization: t.basic, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'password',
        username: 'capturista@porton.mx',
        password: 'Porton2026',
      }).toString(),
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.headers['cache-control']).toBe('no-store');
    const me = await t.as(token).get('/api/users/whoami');
    expect(me.statusCode).toBe(200);
    expect(me.headers['cache-control']).toBe('no-store');
  });

  it('no-cache on index.html (a history route and the file itself), a long immutable cache on hashed assets', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/visitantes' })).headers['cache-control']).toBe('no-cache');
    expect((await t.app.inject({ method: 'GET', url: '/index.html' })).headers['cache-control']).toBe('no-cache');
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-3f9a1c2b.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

describe('every error in the contract shape', () => {
  it('a path parameter over 100 characters answers 414 in Spanish', async () => {
    const res = await t.as(token).get(`/api/zones/${'a'.repeat(101)}`);
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({
      error: 'invalid_request',
      error_description: 'La dirección solicitada es demasiado larga.',
    });
  });

  it('a bad percent-encoding answers 400 in Spanish', async () => {
    const res = await t.as(token).get('/api/zones/%E0%A4%A');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'invalid_request',
      error_description: 'La dirección solicitada no es válida.',
    });
  });

  it('a request that arrives while the server closes answers 503 in the contract shape', async () => {
    const { config, db } = t;
    const app = await buildApp({ config, db, mailer: t.mailer });
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    let arrived!: () => void;
    const inFlight = new Promise<void>((r) => {
      arrived = r;
    });
    app.get('/test/held', async () => {
      arrived();
      await held;
      return { ok: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    // One connection: a request held in flight, then, once closing began, a second request on it.
    const socket = connect(port, '127.0.0.1');
    let raw = '';
    socket.on('data', (d) => {
      raw += d;
    });
    const ended = new Promise((r) => socket.on('close', r));
    socket.write('GET /test/held HTTP/1.1\r\nHost: x\r\n\r\n');
    await inFlight;
    const closing = app.close();
    socket.write('GET /api/users/whoami HTTP/1.1\r\nHost: x\r\n\r\n');
    await new Promise((r) => setTimeout(r, 100));
    release();
    await ended;
    await closing;
    const second = raw.slice(raw.indexOf('HTTP/1.1', 10));
    expect(second).toMatch(/^HTTP\/1\.1 503/);
    expect(JSON.parse(second.slice(second.indexOf('\r\n\r\n') + 4))).toEqual({
      error: 'service_unavailable',
      error_description: SHUTTING_DOWN,
    });
  });
});
