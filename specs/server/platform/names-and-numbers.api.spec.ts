import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUSE_NUMBER_MESSAGE } from '../../../src/shared/platform/address-fields.schema.js';
import { FORBIDDEN_CHARACTERS_MESSAGE } from '../../../src/shared/platform/form-validation.js';
import { signInActors, type Actors } from '../../support/catalogue-actors.js';
import { testApp, type TestApp } from '../../support/test-app.js';
import { capturista } from '../../support/users/user-payloads.js';

/** Negative and decimal house numbers, and right-to-left overrides in names, were accepted. */
let t: TestApp;
let a: Actors;
beforeAll(async () => {
  t = await testApp();
  a = await signInActors(t);
});
afterAll(async () => {
  await t?.close();
});

const resident = async (overrides: Record<string, unknown>) => ({
  firstName: 'Teresa',
  lastName: 'Luna Prieto',
  email: `t${Math.random().toString(36).slice(2, 8)}@correo.mx`,
  idStreet: (await t.db.one<{ id: number }>("SELECT id FROM streets WHERE name = 'Calle Cedro'"))!.id,
  number: '45',
  intNumber: '',
  useapp: false,
  notresident: false,
  phones: [{ phone: '5512345678' }],
  ...overrides,
});
const residentCount = async () => Number((await t.db.one<{ n: string }>('SELECT count(*) AS n FROM residents'))!.n);

describe('house numbers are never negative or decimal', () => {
  for (const [field, value] of [
    ['number', '-5'],
    ['number', '3.5'],
    ['number', '12,5'],
    ['intNumber', '-1'],
    ['intNumber', '2.5'],
  ] as const) {
    it(`a resident with ${field} '${value}' is refused with a Spanish 400 and nothing is saved`, async () => {
      const before = await residentCount();
      const res = await a.admin.post('/api/residents', [await resident({ [field]: value })]);
      expect(res.statusCode).toBe(400);
      expect(res.json().error_description).toContain(HOUSE_NUMBER_MESSAGE);
      expect(await residentCount()).toBe(before);
    });
  }

  it("'12-A' and 'S/N' stay valid house numbers", async () => {
    expect(
      (await a.admin.post('/api/residents', [await resident({ number: '12-A', intNumber: 'S/N' })])).statusCode,
    ).toBe(201);
  });

  it('a user address with a negative exterior number is refused', async () => {
    const res = await a.admin.post('/api/users', [capturista({ extNumber: '-8' })]);
    expect(res.statusCode).toBe(400);
    expect(res.json().error_description).toContain(HOUSE_NUMBER_MESSAGE);
  });
});

describe('names refuse bidirectional override characters', () => {
  for (const [label, text] of [
    ['U+202E (right-to-left override)', 'Ana\u202Eetnediserp'],
    ['U+2066 (left-to-right isolate)', 'Ana\u2066x'],
  ] as const) {
    it(`a resident's name with ${label} is refused`, async () => {
      const res = await a.admin.post('/api/residents', [await resident({ firstName: text })]);
      expect(res.statusCode).toBe(400);
      expect(res.json().error_description).toBe(FORBIDDEN_CHARACTERS_MESSAGE);
    });
  }

  it("a user's last name with U+202E is refused", async () => {
    const res = await a.admin.post('/api/users', [capturista({ lastName: 'Luna\u202EPrieto' })]);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ '0.lastName': FORBIDDEN_CHARACTERS_MESSAGE });
  });
});
