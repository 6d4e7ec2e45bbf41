import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RequestLog, SLOW_REQUEST_MS } from '../../../src/server/platform/http/request-log.js';
import { testApp, type TestApp } from '../../support/test-app.js';

/**
 * What the request log keeps at the default level (docs/decisions.md "what the request log keeps"):
 * every change and every refused or failed answer; a read answered well only at debug.
 */
let t: TestApp;
const lines: string[] = [];
beforeAll(async () => {
  t = await testApp({
    env: { LOG_LEVEL: 'info' },
    logStream: {
      write: (line) => {
        lines.push(line);
      },
    },
  });
});
afterAll(async () => {
  await t?.close();
});

const completed = (from: number, url: string) =>
  lines
    .slice(from)
    .map((l) => JSON.parse(l))
    .filter((l) => l.msg === 'request completed' && l.url === url);
/** The answered line of `url`, whether it was answered in time (info) or slowly (warn, 'request slow'). */
const answered = (from: number, url: string) =>
  lines
    .slice(from)
    .map((l) => JSON.parse(l))
    .filter((l) => (l.msg === 'request completed' || l.msg === 'request slow') && l.url === url);

describe('the request log at info', () => {
  it('logs a change (a sign-in) with method, URL, address, status and time, and no secret', async () => {
    const from = lines.length;
    await t.signIn('administrador@porton.mx');
    // A sign-in hashes a password: on a busy machine it may take over SLOW_REQUEST_MS, and is then a warning.
    const [line] = answered(from, '/oauth/token');
    expect(line).toMatchObject({ method: 'POST', status: 200, ip: '127.0.0.1' });
    expect(typeof line.ms).toBe('number');
    expect(line.level).toBe(line.ms >= SLOW_REQUEST_MS ? 40 : 30);
    expect(lines.slice(from).join('')).not.toContain('Porton2026');
  });

  it('logs a refused read (401 without a token, 404 of a record that is not there)', async () => {
    const from = lines.length;
    expect((await t.app.inject({ method: 'GET', url: '/api/users/whoami' })).statusCode).toBe(401);
    const token = await t.signIn('administrador@porton.mx');
    const missing = '/api/zones/00000000-0000-4000-8000-000000000000';
    expect(
      (await t.app.inject({ method: 'GET', url: missing, headers: { authorization: `Bearer ${token}` } })).statusCode,
    ).toBe(404);
    expect(completed(from, '/api/users/whoami')).toMatchObject([{ status: 401 }]);
    expect(completed(from, missing)).toMatchObject([{ status: 404 }]);
  });

  it('does not log a read answered well (it is a debug line)', async () => {
    const token = await t.signIn('administrador@porton.mx');
    const from = lines.length;
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/users/whoami',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(completed(from, '/api/users/whoami')).toEqual([]);
  });
});

describe('the request log levels', () => {
  const levels = (method: string, statusCode: number, elapsedTime: number) => {
    const calls: string[] = [];
    const log = Object.fromEntries(
      ['debug', 'info', 'warn', 'error'].map((l) => [l, (_o: object, msg: string) => calls.push(`${l} ${msg}`)]),
    );
    const request = { method, url: '/api/zones', ip: '10.0.0.1', log } as unknown as FastifyRequest;
    new RequestLog().requestCompleted(null, request, { statusCode, elapsedTime, log } as unknown as FastifyReply);
    return calls;
  };
  it('a read answered well is debug, a change or a refusal info, anything slow warn', () => {
    expect(levels('GET', 200, 3)).toEqual(['debug request completed']);
    expect(levels('HEAD', 304, 3)).toEqual(['debug request completed']);
    expect(levels('POST', 201, 3)).toEqual(['info request completed']);
    expect(levels('DELETE', 204, 3)).toEqual(['info request completed']);
    expect(levels('GET', 403, 3)).toEqual(['info request completed']);
    expect(levels('GET', 500, 3)).toEqual(['info request completed']);
    expect(levels('GET', 200, SLOW_REQUEST_MS + 1)).toEqual(['warn request slow']);
    expect(levels('PUT', 200, SLOW_REQUEST_MS)).toEqual(['warn request slow']);
  });
});
