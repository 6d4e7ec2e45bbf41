import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoContent } from '../../../src/server/content/seed-content.js';
import { signInActors, type Actors } from '../../support/catalogue-actors.js';
import { testApp, type TestApp } from '../../support/test-app.js';

let t: TestApp;
let a: Actors;
beforeAll(async () => {
  t = await testApp();
  await seedDemoContent(t.db);
  a = await signInActors(t);
});
afterAll(async () => {
  await t?.close();
});

const titles = async (who: ReturnType<TestApp['as']>, url: string) =>
  ((await who.get(url)).json().content as { title: string }[]).map((p) => p.title);

describe('demo content (README): the first community has notices, newsletters and a promotion on the first start', () => {
  it('the administrator lists them; the demo resident of Calle Roble reads the current ones addressed to her', async () => {
    expect(await titles(a.admin, '/api/notices?page=0')).toHaveLength(3);
    expect(await titles(a.admin, '/api/newsletters?page=0')).toEqual(['Noche mexicana', 'Torneo de tenis']);
    expect(await titles(a.admin, '/api/promotions?page=0')).toEqual(['10% en la cafetería']);
    // 'Junta de vecinos' starts in five days: not current yet.
    expect((await titles(a.resident, '/api/notices?page=0')).sort()).toEqual([
      'Corte de agua en Calle Roble',
      'Mantenimiento de la alberca',
    ]);
    expect(await titles(a.admin2, '/api/notices?page=0')).toEqual([]);
  });
});
