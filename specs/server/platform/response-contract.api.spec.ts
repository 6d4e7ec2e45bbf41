import Fastify from 'fastify';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../src/shared/platform/errors.js';
import { defineRoute } from '../../../src/server/platform/http/route.js';
import { registerErrorHandler } from '../../../src/server/platform/plugins/errors.js';
import { registerOpenApi } from '../../../src/server/platform/plugins/openapi.js';
import { ContractBreach, validateAnswers } from '../../support/response-contract.js';
import { testApp, type TestApp } from '../../support/test-app.js';

const Thing = v.object({ uuid: v.string(), name: v.string() });

/** A small app with the real route definition, error handler and document, and routes that misbehave on purpose. */
async function appWithDeliberateBreaches() {
  const app = Fastify();
  registerErrorHandler(app);
  await registerOpenApi(app, { publicUrl: 'http://porton.test' });
  const base = { access: 'public' as const, summary: 'prueba', tags: ['prueba'] };
  defineRoute(app, {
    ...base,
    method: 'GET',
    url: '/api/things/declared',
    operationId: 'declared',
    response: Thing,
    handler: async () => ({ uuid: 'u1', name: 'Puerta Norte' }),
  });
  defineRoute(app, {
    ...base,
    method: 'GET',
    url: '/api/things/leaky',
    operationId: 'leaky',
    response: Thing,
    // A column added to a query by mistake: the serializer writes only what the schema declares.
    handler: async () =>
      ({ uuid: 'u1', name: 'Puerta Norte', password_hash: '$argon2id$secreto', community_id: 7 }) as v.InferInput<
        typeof Thing
      >,
  });
  defineRoute(app, {
    ...base,
    method: 'GET',
    url: '/api/things/raw',
    operationId: 'raw',
    response: Thing,
    // A handler that writes its own JSON bypasses the serializer: the test helper must catch the extra field.
    handler: async ({ reply }) => {
      reply.type('application/json').send(JSON.stringify({ uuid: 'u1', name: 'Puerta Norte', secret: 'x' }));
      return reply as never;
    },
  });
  defineRoute(app, {
    ...base,
    method: 'GET',
    url: '/api/things/teapot',
    operationId: 'teapot',
    response: Thing,
    handler: async ({ reply }) => {
      reply.code(409).send({ error: 'conflict', error_description: 'No declarado.' });
      return reply as never;
    },
  });
  defineRoute(app, {
    ...base,
    method: 'GET',
    url: '/api/things/missing',
    operationId: 'missing',
    response: Thing,
    errors: [404],
    handler: async () => {
      throw new AppError('not_found', 'La cosa no existe.');
    },
  });
  // Synchronous handlers (a handler that answers from the session alone costs no promise).
  defineRoute(app, {
    ...base,
    method: 'GET',
    url: '/api/things/now',
    operationId: 'now',
    response: Thing,
    handler: () =>
      ({ uuid: 'u2', name: 'Caseta Sur', password_hash: '$argon2id$secreto' }) as v.InferInput<typeof Thing>,
  });
  defineRoute(app, {
    ...base,
    method: 'GET',
    url: '/api/things/gone',
    operationId: 'gone',
    response: Thing,
    errors: [404],
    handler: () => {
      throw new AppError('not_found', 'La cosa ya no existe.');
    },
  });
  defineRoute(app, {
    ...base,
    method: 'GET',
    url: '/api/things/own',
    operationId: 'own',
    response: Thing,
    handler: ({ reply }) => {
      reply.type('application/json').send(JSON.stringify({ uuid: 'u3', name: 'Acceso' }));
      return reply as never;
    },
  });
  await app.ready();
  return validateAnswers(app);
}

describe('every answer is checked against the OpenAPI document', () => {
  let app: Awaited<ReturnType<typeof appWithDeliberateBreaches>>;
  beforeAll(async () => {
    app = await appWithDeliberateBreaches();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('a declared answer passes', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/things/declared' });
    expect(res.json()).toEqual({ uuid: 'u1', name: 'Puerta Norte' });
  });

  it('a field the schema does not declare never leaves the server (the serializer drops it)', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/things/leaky' });
    expect(res.json()).toEqual({ uuid: 'u1', name: 'Puerta Norte' });
    expect(res.body).not.toContain('argon2');
  });

  it('an undeclared field that reaches the client fails the call that received it', async () => {
    await expect(app.inject({ method: 'GET', url: '/api/things/raw' })).rejects.toThrow(ContractBreach);
    await expect(app.inject({ method: 'GET', url: '/api/things/raw' })).rejects.toThrow(/'secret' is not declared/);
  });

  it('an undeclared status fails the call that received it', async () => {
    await expect(app.inject({ method: 'GET', url: '/api/things/teapot' })).rejects.toThrow(/409: status not declared/);
  });

  it('a declared error answers the shared error body', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/things/missing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'not_found', error_description: 'La cosa no existe.' });
  });

  it('a synchronous handler answers as an async one does: declared fields only, errors in the shared body, its own send once', async () => {
    const now = await app.inject({ method: 'GET', url: '/api/things/now' });
    expect(now.statusCode).toBe(200);
    expect(now.json()).toEqual({ uuid: 'u2', name: 'Caseta Sur' });
    const gone = await app.inject({ method: 'GET', url: '/api/things/gone' });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ error: 'not_found', error_description: 'La cosa ya no existe.' });
    const own = await app.inject({ method: 'GET', url: '/api/things/own' });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ uuid: 'u3', name: 'Acceso' });
  });
});

describe("the suite's apps check their answers by default", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('testApp() answers through the checked inject, for t.as(...) and t.app.inject alike', async () => {
    const token = await t.signIn('administrador@porton.mx');
    const whoami = await t.as(token).get('/api/users/whoami');
    expect(Object.keys(whoami.json()).sort()).toEqual(['email', 'idUsersTypes', 'role', 'username', 'uuid']);
    // The wrapper is what the suite calls: it is not Fastify's own inject.
    expect(t.app.inject.name).toBe('checked');
  });

  it('every operation declares an operationId, its success and its error answers', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<
        string,
        Record<string, { operationId?: string; responses: Record<string, unknown>; security?: unknown[] }>
      >;
    };
    const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, op]) => ({ path, method, op })),
    );
    expect(operations.length).toBeGreaterThanOrEqual(92);
    const ids = operations.map((o) => o.op.operationId);
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { path, method, op } of operations) {
      const statuses = Object.keys(op.responses);
      expect(
        statuses.some((s) => s.startsWith('2')),
        `${method} ${path}`,
      ).toBe(true);
      if (op.security?.length) expect(statuses, `${method} ${path}`).toContain('401');
    }
  });
});
