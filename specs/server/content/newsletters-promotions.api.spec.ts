import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewsletterAnswer, PromotionAnswer } from '../../../src/shared/content/content.answer.js';
import { storageFor } from '../../../src/server/platform/services/storage.js';
import { countRows, signInActors, type Actors } from '../../support/catalogue-actors.js';
import { PNG_BASE64 } from '../../support/community-fixtures.js';
import { currentDates, makeEnded } from '../../support/content/content-dates.js';
import { testApp, type TestApp } from '../../support/test-app.js';

let t: TestApp;
let a: Actors;
beforeAll(async () => {
  t = await testApp();
  a = await signInActors(t);
});
afterAll(async () => {
  if (!t) return;
  const storage = storageFor(t.app.deps.config);
  for (const { storage_key } of await t.db.query<{ storage_key: string }>('SELECT storage_key FROM files'))
    await storage.remove(storage_key);
  await t.close();
});

const CURRENT = currentDates();
const body = (overrides: Record<string, unknown> = {}) => ({
  title: 'Torneo de fútbol',
  description: 'Inscripciones abiertas en la caseta.',
  contactName: 'Comité',
  contactPhone: '',
  contactEmail: '',
  ...CURRENT,
  ...overrides,
});
const titles = async (who: ReturnType<TestApp['as']>, url: string) =>
  ((await who.get(url)).json().content as { title: string }[]).map((p) => p.title);

describe('api/newsletters (types 5 Restaurante, 1 Deportes, 2 Social, 3 Eventos)', () => {
  it('creates each of the four types, sent as code or label, and answers the label', async () => {
    const sent: [unknown, string][] = [
      ['5', 'Restaurante'],
      [1, 'Deportes'],
      ['Social', 'Social'],
      ['3', 'Eventos'],
    ];
    for (const [type, label] of sent) {
      const res = await a.admin.post('/api/newsletters', body({ title: `Boletín ${label}`, type }));
      expect(res.statusCode, String(type)).toBe(201);
      expect(res.json()).toMatchObject({ type: label, title: `Boletín ${label}` });
    }
  });

  it('refuses a type outside the four (400 naming them), and a missing type, creating nothing', async () => {
    const n = await countRows(t, 'content_posts');
    for (const type of ['4', 0, 'Otro', '', null, undefined]) {
      const res = await a.admin.post('/api/newsletters', body({ type }));
      expect(res.statusCode, String(type)).toBe(400);
      expect(res.json().fields.type).toBe(
        'Selecciona un tipo de boletín válido: Restaurante, Deportes, Social o Eventos.',
      );
    }
    expect(await countRows(t, 'content_posts')).toBe(n);
  });

  it('refuses strictly bad dates and an end before the start (400)', async () => {
    for (const dates of [
      { startDate: '2026-13-01T00:00:00' },
      { startDate: '2026-02-30T00:00:00' },
      { startDate: '2026-03-02T00:00:00', endDate: '2026-03-01T00:00:00' },
    ]) {
      expect(
        (await a.admin.post('/api/newsletters', body({ type: '5', ...dates }))).statusCode,
        JSON.stringify(dates),
      ).toBe(400);
    }
  });

  it('edits (the type too), searches on the title, guards read, the capturista cannot delete', async () => {
    const created: NewsletterAnswer = (
      await a.capturista.post('/api/newsletters', body({ title: 'Noche de GALA', type: '2' }))
    ).json();
    const edited = await a.capturista.put(
      `/api/newsletters/${created.uuid}`,
      body({ title: 'Noche de gala', type: 'Eventos', file: { content: PNG_BASE64, name: 'gala.png' } }),
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      title: 'Noche de gala',
      type: 'Eventos',
      typeId: 3,
      file: { mimeType: 'image/png' },
    });
    expect(await titles(a.guard, '/api/newsletters?page=0&search=NOCHE')).toEqual(['Noche de gala']);
    expect((await a.guard.post('/api/newsletters', body({ type: '5' }))).statusCode).toBe(403);
    expect((await a.capturista.del(`/api/newsletters/${created.uuid}`)).statusCode).toBe(403);
    expect((await a.admin2.del(`/api/newsletters/${created.uuid}`)).statusCode).toBe(404);
    expect((await a.admin.del(`/api/newsletters/${created.uuid}`)).statusCode).toBe(204);
    expect((await a.admin.get(`/api/newsletters/${created.uuid}`)).statusCode).toBe(404);
  });
});

describe('api/promotions', () => {
  it('creates, reads, updates and deletes with the roles allowed to', async () => {
    const res = await a.capturista.post(
      '/api/promotions',
      body({ title: '2x1 en la cafetería', file: { content: PNG_BASE64, name: 'promo.png' } }),
    );
    expect(res.statusCode).toBe(201);
    const created: PromotionAnswer = res.json();
    expect(created).not.toHaveProperty('type');
    const asGuard: PromotionAnswer = (await a.guard.get(`/api/promotions/${created.uuid}`)).json();
    expect(asGuard.title).toBe('2x1 en la cafetería');
    expect((await a.guard.get(asGuard.file!.publicUrl)).statusCode).toBe(200);
    expect(
      (await a.admin.put(`/api/promotions/${created.uuid}`, body({ title: '3x2 en la cafetería' }))).json().title,
    ).toBe('3x2 en la cafetería');
    expect((await a.capturista.del(`/api/promotions/${created.uuid}`)).statusCode).toBe(403);
    expect((await a.admin.del(`/api/promotions/${created.uuid}`)).statusCode).toBe(204);
  });

  it('refuses an image that is not a JPEG or PNG by content (415), whatever its name', async () => {
    const html = Buffer.from('<html><script>alert(1)</script></html>').toString('base64');
    const res = await a.admin.post(
      '/api/promotions',
      body({ file: { content: html, name: 'promo.png', mimeType: 'image/png' } }),
    );
    expect(res.statusCode).toBe(415);
  });

  it('a record of another community answers 404 to read, change and delete', async () => {
    const other: PromotionAnswer = (
      await a.admin2.post('/api/promotions', body({ title: 'Promoción de Villas' }))
    ).json();
    for (const res of [
      await a.admin.get(`/api/promotions/${other.uuid}`),
      await a.admin.put(`/api/promotions/${other.uuid}`, body()),
      await a.admin.del(`/api/promotions/${other.uuid}`),
    ])
      expect(res.statusCode).toBe(404);
    expect(await titles(a.admin, '/api/promotions?page=0&search=Villas')).toEqual([]);
  });
});

describe('Newsletters and promotions work the same way for residents: current ones of their community', () => {
  it('the resident reads the current newsletters and promotions of its community only', async () => {
    await a.admin.post('/api/newsletters', body({ title: 'Boletín vigente', type: '1' }));
    await makeEnded(
      t,
      (await a.admin.post('/api/newsletters', body({ title: 'Boletín vencido', type: '1' }))).json().uuid,
    );
    await a.admin.post('/api/promotions', body({ title: 'Promoción vigente' }));
    await makeEnded(t, (await a.admin.post('/api/promotions', body({ title: 'Promoción vencida' }))).json().uuid);
    await a.admin2.post('/api/promotions', body({ title: 'Promoción de otro fraccionamiento' }));
    const newsletters = await titles(a.resident, '/api/newsletters?page=0&size=50');
    expect(newsletters).toContain('Boletín vigente');
    expect(newsletters).not.toContain('Boletín vencido');
    const promotions = await titles(a.resident, '/api/promotions?page=0&size=50');
    expect(promotions).toContain('Promoción vigente');
    expect(promotions).not.toContain('Promoción vencida');
    expect(promotions).not.toContain('Promoción de otro fraccionamiento');
    expect((await a.resident.post('/api/promotions', body())).statusCode).toBe(403);
  });
});
