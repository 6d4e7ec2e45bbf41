import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signFileLink, workerFileKey } from '../../../src/server/contractors/worker-file-links.js';
import { countRows, signInActors, type Actors } from '../../support/catalogue-actors.js';
import { pngBase64 } from '../../support/massive-events/event-fixtures.js';
import { testApp, type TestApp } from '../../support/test-app.js';
import {
  filePayload,
  jpegWithScriptInExif,
  pdf,
  photo,
  workerSites,
} from '../../support/contractors/worker-fixtures.js';

let t: TestApp;
let a: Actors;
let sites: Awaited<ReturnType<typeof workerSites>>;
beforeAll(async () => {
  t = await testApp();
  sites = await workerSites(t);
  a = await signInActors(t);
});
afterAll(async () => {
  await t?.close();
});

type Worker = {
  uuid: string;
  firstName: string;
  lastName: string;
  status: string;
  rejectReason: string | null;
  photo: { uuid: string; publicUrl: string; mimeType: string } | null;
  identification: { uuid: string; publicUrl: string; mimeType: string } | null;
  proofOfAddress: { uuid: string; publicUrl: string; mimeType: string } | null;
  construction: { uuid: string; name: string };
};
const jpegDoc = () => filePayload(jpegWithScriptInExif().toString('base64'), 'comprobante.jpg', 'image/jpeg');
const workerBody = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Juan',
  lastName: 'Obrero',
  photo: photo(),
  identification: pdf(),
  proofOfAddress: jpegDoc(),
  ...overrides,
});
const request = (site: string, workers: Record<string, unknown>[] = [workerBody()], who = a.contractor) =>
  who.post('/api/constructionWorkerRequests', { construction: { uuid: site }, workers });
async function requested(overrides: Record<string, unknown> = {}): Promise<Worker> {
  const res = await request(sites.mySite.uuid, [workerBody(overrides)]);
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as Worker[])[0]!;
}
const reject = (uuid: string, reason: string, token?: string) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/constructionWorkers/${uuid}/reject`,
    payload: reason,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'text/plain; charset=utf-8' },
  });
let adminToken: string;
let contractorToken: string;
let capturistaToken: string;
beforeAll(async () => {
  [adminToken, contractorToken, capturistaToken] = await Promise.all(
    ['administrador@porton.mx', 'contratista@porton.mx', 'capturista@porton.mx'].map((e) => t.signIn(e)),
  );
});
const fetchLink = (url: string) => t.app.inject({ method: 'GET', url });

describe("POST api/constructionWorkerRequests (a contractor's new worker becomes a pending request)", () => {
  it("creates Pendiente workers on the contractor's own site, with the photo and both documents", async () => {
    const worker = await requested();
    expect(worker).toMatchObject({
      firstName: 'Juan',
      lastName: 'Obrero',
      status: 'Pendiente',
      rejectReason: null,
      construction: { uuid: sites.mySite.uuid },
    });
    expect(worker.photo?.mimeType).toBe('image/png');
    expect(worker.identification?.mimeType).toBe('application/pdf');
    expect(worker.proofOfAddress?.mimeType).toBe('image/jpeg');
  });

  it("another contractor's site answers 404 and stores nothing", async () => {
    const before = await countRows(t, 'construction_workers');
    const files = await countRows(t, 'files');
    const res = await request(sites.otherSite.uuid);
    expect(res.statusCode).toBe(404);
    expect(res.json().error_description).toBe('La obra no existe.');
    expect(await countRows(t, 'construction_workers')).toBe(before);
    expect(await countRows(t, 'files')).toBe(files);
  });

  it('an administrator, capturista, guard or resident cannot send a request (403): only contractors request', async () => {
    for (const who of [a.admin, a.capturista, a.guard, a.resident])
      expect((await request(sites.mySite.uuid, [workerBody()], who)).statusCode).toBe(403);
  });

  it('names required and up to 64 characters; at least one worker; the site required (400 in Spanish)', async () => {
    const cases: [Record<string, unknown>[], string][] = [
      [[workerBody({ firstName: '  ' })], 'El nombre es obligatorio.'],
      [[workerBody({ lastName: 'x'.repeat(65) })], 'Los apellidos deben tener como máximo 64 caracteres.'],
      [[], 'Agrega por lo menos a un trabajador.'],
      [[workerBody({ photo: undefined })], 'La fotografía es obligatoria.'],
    ];
    for (const [workers, message] of cases) {
      const res = await request(sites.mySite.uuid, workers);
      expect(res.statusCode).toBe(400);
      expect(res.json().error_description).toContain(message);
    }
    const noSite = await a.contractor.post('/api/constructionWorkerRequests', { workers: [workerBody()] });
    expect(noSite.json().error_description).toContain('Selecciona una obra.');
  });
});

describe('files (checked by content and size, private, served through short-lived signed links)', () => {
  it('a pdf that is really HTML is refused (415) and nothing is stored', async () => {
    const files = await countRows(t, 'files');
    const html = filePayload(
      Buffer.from('<html><script>alert(1)</script></html>').toString('base64'),
      'ine.pdf',
      'application/pdf',
    );
    const res = await request(sites.mySite.uuid, [workerBody({ identification: html })]);
    expect(res.statusCode).toBe(415);
    expect(res.json().error_description).toBe('La identificación oficial debe ser un archivo JPEG, PNG o PDF.');
    expect(await countRows(t, 'files')).toBe(files);
  });

  it('a 30 MB document is refused (413, over the API body limit) and a 5 MB one by the 4 MB cap', async () => {
    const huge = filePayload(Buffer.alloc(30 * 1024 * 1024, 1).toString('base64'), 'grande.pdf', 'application/pdf');
    const res = await request(sites.mySite.uuid, [workerBody({ identification: huge })]);
    expect(res.statusCode).toBe(413);
    const five = Buffer.concat([
      Buffer.from('%PDF-1.4\n'),
      Buffer.alloc(5 * 1024 * 1024, 32),
      Buffer.from('\n%%EOF\n'),
    ]);
    const over = await request(sites.mySite.uuid, [
      workerBody({ proofOfAddress: filePayload(five.toString('base64'), 'c.pdf', 'application/pdf') }),
    ]);
    expect(over.statusCode).toBe(413);
    expect(over.json().error_description).toBe('El comprobante de domicilio no debe pesar más de 4 MB.');
  });

  it("a worker with both documents at their 4 MB cap is accepted in one request (the body limit fits one worker's files)", async () => {
    const atCap = (name: string) => {
      const pdf = Buffer.concat([
        Buffer.from('%PDF-1.4\n'),
        Buffer.alloc(4 * 1024 * 1024 - 32, 32),
        Buffer.from('\n%%EOF\n'),
      ]);
      return filePayload(pdf.toString('base64'), name, 'application/pdf');
    };
    const res = await request(sites.mySite.uuid, [
      workerBody({ identification: atCap('ine.pdf'), proofOfAddress: atCap('comprobante.pdf') }),
    ]);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(201);
  });

  it('the photo must be a 100x100 PNG', async () => {
    const big = await request(sites.mySite.uuid, [
      workerBody({ photo: filePayload(pngBase64(120, 100), 'f.png', 'image/png') }),
    ]);
    expect(big.statusCode).toBe(400);
    expect(big.json().error_description).toBe('La fotografía debe medir 100x100 píxeles.');
    const notPng = await request(sites.mySite.uuid, [workerBody({ photo: jpegDoc() })]);
    expect(notPng.statusCode).toBe(415);
  });

  it('a jpeg with a script in its EXIF is re-encoded without it and served as image/jpeg, inline, nosniff', async () => {
    const worker = await requested();
    const res = await fetchLink(worker.proofOfAddress!.publicUrl);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(String(res.headers['content-disposition'])).toMatch(/^inline; filename="[A-Za-z0-9._-]+"$/);
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'none'");
    expect(res.rawPayload.includes(Buffer.from('<script>'))).toBe(false);
    expect(res.rawPayload.includes(Buffer.from('Exif'))).toBe(false);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    const doc = await fetchLink(worker.identification!.publicUrl);
    expect(doc.headers['content-type']).toBe('application/pdf');
  });

  it('the link is not a path: the storage key never appears, a forged token answers 404, an expired link 410', async () => {
    const worker = await requested();
    expect(worker.identification!.publicUrl).not.toMatch(/workers\/|\.pdf/);
    expect((await fetchLink('/api/constructionWorkers/file?token=abc.def.ghi')).statusCode).toBe(404);
    const key = await workerFileKey(t.db);
    const contractor = (await a.contractor.get('/api/users/whoami')).json() as { uuid: string };
    const old = await signFileLink(
      key,
      { fileUuid: worker.identification!.uuid, workerUuid: worker.uuid, userUuid: contractor.uuid },
      Date.now() - 11 * 60_000,
    );
    const expired = await fetchLink(old);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().error_description).toContain('expiró');
  });

  it('after the worker is deleted its links answer 404 and its files are removed', async () => {
    const worker = await requested();
    const files = await countRows(t, 'files');
    expect((await a.admin.del(`/api/constructionWorkers/${worker.uuid}/administrator`)).statusCode).toBe(204);
    expect(await countRows(t, 'files')).toBe(files - 3);
    expect((await fetchLink(worker.identification!.publicUrl)).statusCode).toBe(404);
    expect((await a.admin.get(`/api/constructionWorkers/${worker.uuid}`)).statusCode).toBe(404);
  });
});

describe('approve and reject', () => {
  it("approves a pending worker; approving it again answers 409 'Solamente puedes aprobar solicitudes pendientes.'", async () => {
    const worker = await requested();
    const ok = await a.admin.put(`/api/constructionWorkers/${worker.uuid}/approve`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().status).toBe('Aprobado');
    const again = await a.admin.put(`/api/constructionWorkers/${worker.uuid}/approve`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error_description).toBe('Solamente puedes aprobar solicitudes pendientes.');
    const rejectApproved = await reject(worker.uuid, 'Tarde', adminToken);
    expect(rejectApproved.statusCode).toBe(409);
    expect(rejectApproved.json().error_description).toBe('Solo se pueden rechazar solicitudes pendientes.');
  });

  it("rejects a pending worker with its reason; rejecting it again answers 'El trabajador ya ha sido rechazado'; a rejected one may still be approved", async () => {
    const worker = await requested();
    const res = await reject(worker.uuid, '  Identificación ilegible ', adminToken);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'Rechazado', rejectReason: 'Identificación ilegible' });
    const again = await reject(worker.uuid, 'Otra vez', adminToken);
    expect(again.statusCode).toBe(409);
    expect(again.json().error_description).toBe('El trabajador ya ha sido rechazado');
    const approve = await a.admin.put(`/api/constructionWorkers/${worker.uuid}/approve`);
    expect(approve.json()).toMatchObject({ status: 'Aprobado', rejectReason: null });
  });

  it('the audit trail records each decision with who made it and the status change; a refused decision records nothing', async () => {
    const worker = await requested();
    expect((await reject(worker.uuid, 'Foto borrosa', adminToken)).statusCode).toBe(200);
    expect((await reject(worker.uuid, 'Otra vez', adminToken)).statusCode).toBe(409);
    expect((await a.admin.put(`/api/constructionWorkers/${worker.uuid}/approve`)).statusCode).toBe(200);
    const trail = await t.db.query<{ action: string; actor_label: string; changes: unknown }>(
      'SELECT action, actor_label, changes FROM audit_events WHERE record_uuid = $1 ORDER BY id',
      [worker.uuid],
    );
    expect(trail).toEqual([
      // The request, recorded by the database's audit trigger.
      { action: 'worker.create', actor_label: 'contratista@porton.mx', changes: expect.any(Object) },
      {
        action: 'worker.reject',
        actor_label: 'administrador@porton.mx',
        changes: { status: { from: 'Pendiente', to: 'Rechazado' }, reject_reason: { from: null, to: 'Foto borrosa' } },
      },
      {
        action: 'worker.approve',
        actor_label: 'administrador@porton.mx',
        changes: { status: { from: 'Rechazado', to: 'Aprobado' } },
      },
    ]);
  });

  it('an empty reason answers 400 and changes nothing', async () => {
    const worker = await requested();
    for (const reason of ['', '   ']) {
      const res = await reject(worker.uuid, reason, adminToken);
      expect(res.statusCode).toBe(400);
      expect(res.json().error_description).toBe('Escribe el motivo del rechazo.');
    }
    expect((await a.admin.get(`/api/constructionWorkers/${worker.uuid}`)).json().status).toBe('Pendiente');
  });

  it('a contractor calling approve or reject gets 403; a guard or resident too; a capturista decides (staff are administrators)', async () => {
    const worker = await requested();
    expect((await a.contractor.put(`/api/constructionWorkers/${worker.uuid}/approve`)).statusCode).toBe(403);
    expect((await reject(worker.uuid, 'No', contractorToken)).statusCode).toBe(403);
    for (const who of [a.guard, a.resident])
      expect((await who.put(`/api/constructionWorkers/${worker.uuid}/approve`)).statusCode).toBe(403);
    expect((await reject(worker.uuid, 'Sin documentos', capturistaToken)).statusCode).toBe(200);
  });

  it("another community's administrator gets 404", async () => {
    const worker = await requested();
    expect((await a.admin2.put(`/api/constructionWorkers/${worker.uuid}/approve`)).statusCode).toBe(404);
    expect((await a.admin2.get(`/api/constructionWorkers/${worker.uuid}`)).statusCode).toBe(404);
  });
});

describe('reads', () => {
  let foreign: Worker;
  beforeAll(async () => {
    const res = await a.admin.post('/api/constructionWorkers/administrator', {
      ...workerBody({ firstName: 'Ajeno' }),
      construction: { uuid: sites.otherSite.uuid },
    });
    expect(res.statusCode, res.body).toBe(201);
    foreign = res.json();
  });

  it('the administrator creates a worker directly: it is Aprobado at once', () => {
    expect(foreign.status).toBe('Aprobado');
  });

  it("a contractor reading another contractor's worker, its document or its site gets 404", async () => {
    expect((await a.contractor.get(`/api/constructionWorkers/${foreign.uuid}`)).statusCode).toBe(404);
    expect(
      (await a.contractor.get(`/api/constructionWorkers/construction?construction=${sites.otherSite.uuid}`)).statusCode,
    ).toBe(404);
    expect(
      (await a.contractor.get(`/api/constructionWorkers/contractor?contractor=${sites.other.uuid}`)).statusCode,
    ).toBe(404);
    const mine = (await a.contractor.get('/api/constructionWorkers/frac')).json() as Worker[];
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.some((w) => w.uuid === foreign.uuid)).toBe(false);
    expect(mine.every((w) => [sites.mySite.uuid, sites.mySecondSite.uuid].includes(w.construction.uuid))).toBe(true);
  });

  it('the administrator reads every worker of the community, by site and by contractor', async () => {
    const all = (await a.admin.get('/api/constructionWorkers/frac')).json() as Worker[];
    expect(all.some((w) => w.uuid === foreign.uuid)).toBe(true);
    const bySite = (
      await a.admin.get(`/api/constructionWorkers/construction?construction=${sites.otherSite.uuid}`)
    ).json() as Worker[];
    expect(bySite.map((w) => w.uuid)).toEqual([foreign.uuid]);
    const byContractor = (
      await a.admin.get(`/api/constructionWorkers/contractor?contractor=${sites.mine.uuid}`)
    ).json() as Worker[];
    expect(byContractor.every((w) => w.construction.uuid !== sites.otherSite.uuid)).toBe(true);
  });

  it('a guard or a resident cannot read workers (403); a bad uuid answers 400', async () => {
    for (const who of [a.guard, a.resident])
      expect((await who.get('/api/constructionWorkers/frac')).statusCode).toBe(403);
    expect((await a.admin.get('/api/constructionWorkers/construction?construction=nope')).statusCode).toBe(400);
  });
});

describe('administrator update and delete (edit only non-approved; unchanged files as {uuid})', () => {
  it('edits a pending worker keeping its files by {uuid}; an approved worker cannot be edited', async () => {
    const worker = await requested();
    const body = {
      firstName: 'Juana',
      lastName: 'Obrera',
      construction: { uuid: sites.mySecondSite.uuid },
      photo: { uuid: worker.photo!.uuid },
      identification: { uuid: worker.identification!.uuid },
      proofOfAddress: pdf('nuevo.pdf'),
    };
    const res = await a.admin.put(`/api/constructionWorkers/${worker.uuid}/administrator`, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      firstName: 'Juana',
      photo: { uuid: worker.photo!.uuid },
      construction: { uuid: sites.mySecondSite.uuid },
    });
    expect(res.json().proofOfAddress.uuid).not.toBe(worker.proofOfAddress!.uuid);
    expect((await fetchLink(worker.proofOfAddress!.publicUrl)).statusCode).toBe(404);
    await a.admin.put(`/api/constructionWorkers/${worker.uuid}/approve`);
    const locked = await a.admin.put(`/api/constructionWorkers/${worker.uuid}/administrator`, body);
    expect(locked.statusCode).toBe(409);
    expect(locked.json().error_description).toBe('Solo se puedan editar trabajadores que no han sido aprobados.');
  });

  it("another worker's file sent as {uuid} answers 404", async () => {
    const one = await requested();
    const two = await requested();
    const res = await a.admin.put(`/api/constructionWorkers/${one.uuid}/administrator`, {
      ...workerBody(),
      construction: { uuid: sites.mySite.uuid },
      photo: { uuid: two.photo!.uuid },
    });
    expect(res.statusCode).toBe(404);
  });

  it('a contractor cannot edit or delete (403)', async () => {
    const worker = await requested();
    expect((await a.contractor.del(`/api/constructionWorkers/${worker.uuid}/administrator`)).statusCode).toBe(403);
    expect(
      (
        await a.contractor.put(`/api/constructionWorkers/${worker.uuid}/administrator`, {
          ...workerBody(),
          construction: { uuid: sites.mySite.uuid },
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('GET api/constructionWorkerRequests/byAdministrator (per site, approved / rejected / pending)', () => {
  it("counts each site's workers by status", async () => {
    const rows = (await a.admin.get('/api/constructionWorkerRequests/byAdministrator')).json() as {
      constructionId: string;
      workers: number;
      approved: number;
      rejected: number;
      pending: number;
    }[];
    const counted = await t.db.query<{ uuid: string; status: string; n: number }>(
      `SELECT c.uuid::text AS uuid, w.status, count(*)::int AS n FROM construction_workers w JOIN constructions c ON c.id = w.construction_id
        WHERE w.deleted_at IS NULL GROUP BY 1, 2`,
    );
    for (const row of rows) {
      const of = (status: string) => counted.find((c) => c.uuid === row.constructionId && c.status === status)?.n ?? 0;
      expect(row).toMatchObject({ approved: of('Aprobado'), rejected: of('Rechazado'), pending: of('Pendiente') });
      expect(row.workers).toBe(row.approved + row.rejected + row.pending);
    }
    expect(rows.find((r) => r.constructionId === sites.mySite.uuid)!.pending).toBeGreaterThan(0);
    expect((await a.contractor.get('/api/constructionWorkerRequests/byAdministrator')).statusCode).toBe(403);
    expect((await a.admin2.get('/api/constructionWorkerRequests/byAdministrator')).json()).toEqual([]);
  });
});
