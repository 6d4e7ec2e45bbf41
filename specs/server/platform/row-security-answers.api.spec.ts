import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { withConstraints } from '../../../src/server/platform/db/db-errors.js';
import { registerErrorHandler } from '../../../src/server/platform/plugins/errors.js';

/** A database error as node-postgres and PGlite raise it: a SQLSTATE `code` and PostgreSQL's message. */
const dbError = (code: string, message: string) => Object.assign(new Error(message), { code, severity: 'ERROR' });
const ROW_SECURITY = dbError('42501', 'new row violates row-level security policy for table "massive_event_guests"');
const NO_GRANT = dbError('42501', 'permission denied for table massive_event_guests');

async function answerTo(error: Error, messages?: { otherCommunity?: string }) {
  const app = Fastify({ logger: false });
  registerErrorHandler(app);
  app.get('/w', async () =>
    messages
      ? withConstraints(messages, async () => {
          throw error;
        })
      : Promise.reject(error),
  );
  const res = await app.inject({ method: 'GET', url: '/w' });
  await app.close();
  return { status: res.statusCode, body: res.json(), text: res.body };
}

describe('row-level security refusals answer as a record of another community does', () => {
  it('a write refused by row-level security answers 404 in Spanish, never a 500 that tells the row exists', async () => {
    const res = await answerTo(ROW_SECURITY);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'not_found', error_description: 'No se encontró el recurso solicitado.' });
    expect(res.text).not.toMatch(/row-level|massive_event_guests/);
  });

  it("a route that names the refusal answers its own 409 (a guest of another community is 'of another event')", async () => {
    const res = await answerTo(ROW_SECURITY, {
      otherCommunity: 'Uno de los invitados a restaurar pertenece a otro evento.',
    });
    expect(res.status).toBe(409);
    expect(res.body.error_description).toBe('Uno de los invitados a restaurar pertenece a otro evento.');
  });

  it('a missing grant (the same SQLSTATE, another cause) stays a server error', async () => {
    expect((await answerTo(NO_GRANT)).status).toBe(500);
    expect((await answerTo(NO_GRANT, { otherCommunity: 'x' })).status).toBe(500);
  });
});
