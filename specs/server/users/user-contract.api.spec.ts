import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../support/test-app.js';

/**
 * What the published contract says of users is what the server enforces: the limits of email,
 * guard code and phone; the reset call's plain-text body; the name of type 6.
 */
let t: TestApp;
interface Schema {
  type?: string;
  maxLength?: number;
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
}
let doc: {
  paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: Schema }> } }>>;
};
beforeAll(async () => {
  t = await testApp();
  doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
});
afterAll(async () => {
  await t?.close();
});

/** The largest maxLength a property declares, through anyOf and nullable wrappers. */
const maxOf = (s: Schema | undefined): number | undefined =>
  s === undefined ? undefined : (s.maxLength ?? s.anyOf?.map(maxOf).find((n) => n !== undefined));

describe('the user contract', () => {
  it('the user body publishes email at most 64, guard code 4 and phone 10 characters, as the server refuses', async () => {
    const body = doc.paths['/api/users/{uuid}'].put.requestBody!.content['application/json'].schema;
    expect(maxOf(body.properties!.email)).toBe(64);
    expect(maxOf(body.properties!.vigilantCode)).toBe(4);
    expect(maxOf(body.properties!.phoneNumber)).toBe(10);
  });

  it('resetPassword documents its plain-text body (the email)', () => {
    const body = doc.paths['/api/users/resetPassword'].post.requestBody;
    expect(body?.content['text/plain']?.schema.type).toBe('string');
  });

  it("a guard with pre-registration (type 6) is answered as 'Vigilante administrativo'", async () => {
    await t.db.query("UPDATE users SET user_type_id = 6 WHERE email = 'vigilante@porton.mx'");
    const token = await t.signIn('vigilante@porton.mx');
    const who = await t.as(token).get('/api/users/whoami');
    expect(who.json()).toMatchObject({ idUsersTypes: 6, role: 'Vigilante administrativo' });
    expect((await t.as(token).get('/api/users/me')).json().role).toBe('Vigilante administrativo');
  });
});
