import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../support/test-app.js';

/**
 * Secrets travel only where they are handed out: a registration code by mail, a device link code
 * in the answer that issues it, a device's token in the answer of the link that made it, a session
 * token in the sign-in's answer, a password reset ticket by mail. These tests read the served
 * OpenAPI document, the contract every client builds on: a field that could carry a secret in
 * any other answer fails them.
 */
/** The parts of the OpenAPI document these tests walk. */
interface SchemaNode {
  $ref?: string;
  type?: string;
  items?: SchemaNode;
  properties?: Record<string, SchemaNode>;
  anyOf?: SchemaNode[];
  oneOf?: SchemaNode[];
  allOf?: SchemaNode[];
}
interface Operation {
  tags?: string[];
  responses?: Record<string, { content?: Record<string, { schema?: SchemaNode }> }>;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, SchemaNode> };
}

let t: TestApp;
let doc: OpenApiDocument;
beforeAll(async () => {
  t = await testApp();
  doc = t.app.swagger() as OpenApiDocument;
});
afterAll(async () => {
  await t?.close();
});

interface Field {
  operation: string;
  tags: string[];
  path: string;
  name: string;
  schema: SchemaNode;
}

/** Every property of every success answer, with its path inside the answer. */
function answerFields(): Field[] {
  const out: Field[] = [];
  const walk = (
    schema: SchemaNode | undefined,
    path: string,
    op: { operation: string; tags: string[] },
    seen: Set<unknown>,
  ) => {
    if (!schema || typeof schema !== 'object' || seen.has(schema)) return;
    seen.add(schema);
    if (schema.$ref) walk(doc.components?.schemas?.[String(schema.$ref).split('/').pop()!], path, op, seen);
    for (const k of ['anyOf', 'oneOf', 'allOf'] as const) for (const s of schema[k] ?? []) walk(s, path, op, seen);
    if (schema.items) walk(schema.items, `${path}[]`, op, seen);
    for (const [name, s] of Object.entries(schema.properties ?? {})) {
      out.push({ ...op, path: `${path}.${name}`, name, schema: s });
      walk(s, `${path}.${name}`, op, seen);
    }
  };
  for (const [url, methods] of Object.entries(doc.paths)) {
    for (const [method, o] of Object.entries(methods)) {
      for (const [status, answer] of Object.entries(o.responses ?? {})) {
        if (!status.startsWith('2')) continue;
        for (const content of Object.values(answer.content ?? {})) {
          walk(content.schema, '', { operation: `${method.toUpperCase()} ${url}`, tags: o.tags ?? [] }, new Set());
        }
      }
    }
  }
  return out;
}

const SECRET_NAME = /code|token|secret|password|ticket|hash|signature|otp|pin$/i;

/**
 * The answers that hand a secret out, and why. Anything else named like a secret fails the test
 * below: a new one must be added here with its reason, or taken out of the answer.
 */
const HANDED_OUT: Record<string, string> = {
  'POST /oauth/token .access_token': 'the sign-in hands the session token to its own caller',
  'POST /oauth/token .token_type': 'the kind of token (Bearer), not a secret',
  'POST /api/devices/link .deviceToken': 'the device receives its token once, when its link code is redeemed',
  'PUT /api/devices/linkCode/{id} .code': 'the administrator is shown a new link code once, as the QR the device reads',
  'POST /api/integrator .user.oldPassword':
    "always empty: the form's field of the integrator's user, never a stored password",
};
/** Fields named like a secret that are not one. */
const NOT_SECRET: Record<string, string> = {
  vigilantCode: "a guard's badge number, shown to the community's staff",
  roleKey: "the name of the caller's role",
  keyId: "the public pass key's identifier",
  publicKey: 'the key that verifies passes: public by design',
  assignedLicenses: 'a number of licences',
  deviceToken:
    "in a device record: the link's identifier that unlinking takes (a uuid), never the device's bearer token (only its hash is kept)",
};

describe('secrets in answers: handed out once, never read back', () => {
  it('no resident answer has a registration code field: an answer says only that a code is pending and when it expires', () => {
    const resident = answerFields().filter(
      (f) => f.tags.includes('residentes') || f.path.includes('testResidentRegistration'),
    );
    expect(resident.length).toBeGreaterThan(20);
    expect(resident.filter((f) => /code|token/i.test(f.name)).map((f) => `${f.operation} ${f.path}`)).toEqual([]);
    const registration = resident.filter((f) => f.name === 'testResidentRegistration');
    expect(registration.length).toBeGreaterThan(0);
  });

  it('a device record never carries a link code: its code field is declared null in every answer but the one that issues it', () => {
    const codes = answerFields().filter((f) => f.name === 'code' && f.tags.some((tag) => /dispositivo/i.test(tag)));
    expect(codes.length).toBeGreaterThan(0);
    for (const f of codes) {
      if (`${f.operation} ${f.path}` === 'PUT /api/devices/linkCode/{id} .code') continue;
      expect(f.schema.type, `${f.operation} ${f.path}`).toBe('null');
    }
  });

  it('every other field named like a secret is one that answer hands out, or is not a secret', () => {
    const unexplained = answerFields()
      .filter((f) => SECRET_NAME.test(f.name))
      .filter((f) => !HANDED_OUT[`${f.operation} ${f.path}`] && !NOT_SECRET[f.name])
      .filter((f) => !(f.name === 'code' && f.schema.type === 'null'))
      .map((f) => `${f.operation} ${f.path}`);
    expect([...new Set(unexplained)]).toEqual([]);
  });

  it('a guard reading a resident just created with app use sees that a code is pending, and no code; the mailed code is in no answer', async () => {
    const admin = t.as(await t.signIn('administrador@porton.mx'));
    const guard = t.as(await t.signIn('vigilante@porton.mx'));
    const street = (await t.db.one<{ id: number }>(
      "SELECT s.id FROM streets s JOIN communities c ON c.id = s.community_id WHERE s.name = 'Calle Cedro'",
    ))!.id;
    const created = await admin.post('/api/residents', [
      {
        firstName: 'Nora',
        lastName: 'Salas Gil',
        email: 'nora.salas@correo.mx',
        idStreet: street,
        number: '12',
        useapp: true,
        notresident: false,
        phones: [{ phone: '5511112222' }],
      },
    ]);
    expect(created.statusCode).toBe(201);
    const code = t.mailer.sent
      .filter((m) => m.to === 'nora.salas@correo.mx')
      .at(-1)!
      .text.match(/registro es: ([A-Z0-9]{6})/)![1];
    const read = await guard.get('/api/residents/findOne?email=nora.salas@correo.mx');
    expect(read.statusCode).toBe(200);
    expect(read.json().testResidentRegistration).toEqual({ pending: true, expiresAt: expect.any(String) });
    const answers = [
      created,
      read,
      await admin.get('/api/residents/?search=nora'),
      await admin.put(`/api/residents/resendRegistrationEmail/${created.json()[0].uuid}`),
    ];
    const resent = t.mailer.sent
      .filter((m) => m.to === 'nora.salas@correo.mx')
      .at(-1)!
      .text.match(/registro es: ([A-Z0-9]{6})/)![1];
    for (const answer of answers) {
      expect(answer.body).not.toContain(code);
      expect(answer.body).not.toContain(resent);
      expect(answer.body).not.toMatch(/jwtToken|"code"/);
    }
  });
});
