import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoContractors } from '../../../src/server/contractors/seed-contractors.js';
import { seedDemoWorkers } from '../../../src/server/contractors/seed-workers.js';
import { checkWorkerFile } from '../../../src/server/contractors/worker-files.js';
import { testApp, type TestApp } from '../../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
  await seedDemoContractors(t.db);
  await seedDemoWorkers(t.db, t.config);
});
afterAll(async () => {
  await t?.close();
});

type Worker = {
  status: string;
  rejectReason: string | null;
  construction: { name: string };
  photo: { publicUrl: string } | null;
  identification: { publicUrl: string } | null;
  proofOfAddress: { publicUrl: string } | null;
};

describe("demo workers (every status on contratista@'s two sites, with photos and documents)", () => {
  it('the contractor sees workers Pendiente, Aprobado and Rechazado with a reason, on both sites', async () => {
    const token = await t.signIn('contratista@porton.mx');
    const workers = (await t.as(token).get('/api/constructionWorkers/frac')).json() as Worker[];
    expect(new Set(workers.map((w) => w.status))).toEqual(new Set(['Pendiente', 'Aprobado', 'Rechazado']));
    expect(new Set(workers.map((w) => w.construction.name)).size).toBe(2);
    expect(workers.find((w) => w.status === 'Rechazado')!.rejectReason).toBeTruthy();
  });

  it('each demo file is served through its link and would pass the upload checks', async () => {
    const token = await t.signIn('administrador@porton.mx');
    const [worker] = (await t.as(token).get('/api/constructionWorkers/frac')).json() as Worker[];
    const slots = ['photo', 'identification', 'proofOfAddress'] as const;
    for (const slot of slots) {
      const res = await t.app.inject({ method: 'GET', url: worker![slot]!.publicUrl });
      expect(res.statusCode).toBe(200);
      await expect(checkWorkerFile(slot, { content: res.rawPayload.toString('base64') })).resolves.toMatchObject({
        slot,
      });
    }
  });
});
