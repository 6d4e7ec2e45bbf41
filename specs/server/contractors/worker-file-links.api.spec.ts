import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workerFileKey } from '../../../src/server/contractors/worker-file-links.js';
import { signInActors, type Actors } from '../../support/catalogue-actors.js';
import { testApp, type TestApp } from '../../support/test-app.js';
import { filePayload, pdf, photo, workerSites } from '../../support/contractors/worker-fixtures.js';

/**
 * A worker's document links: each is given to one user and works only while that user may still
 * see the worker; a PDF is downloaded, never opened inline.
 */
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

type FileRef = { uuid: string; publicUrl: string };
type Worker = { uuid: string; photo: FileRef; identification: FileRef; proofOfAddress: FileRef };
const read = (url: string) => t.app.inject({ method: 'GET', url });
const workerBody = (identification = pdf()) => ({
  firstName: 'Juan',
  lastName: 'Obrero',
  photo: photo(),
  identification,
  proofOfAddress: pdf('comprobante.pdf'),
});
async function requested(identification = pdf()): Promise<Worker> {
  const res = await a.contractor.post('/api/constructionWorkerRequests', {
    construction: { uuid: sites.mySite.uuid },
    workers: [workerBody(identification)],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json()[0];
}

describe('a document link works only while the user it was given to may see the worker', () => {
  it("a contractor's link answers 404 once the worker is moved to another contractor's site; the administrator's link still works", async () => {
    const worker = await requested();
    expect((await read(worker.identification.publicUrl)).statusCode).toBe(200);
    const moved = await a.admin.put(`/api/constructionWorkers/${worker.uuid}/administrator`, {
      firstName: 'Juan',
      lastName: 'Obrero',
      construction: { uuid: sites.otherSite.uuid },
      photo: { uuid: worker.photo.uuid },
      identification: { uuid: worker.identification.uuid },
      proofOfAddress: { uuid: worker.proofOfAddress.uuid },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const gone = await read(worker.identification.publicUrl);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error_description).toBe('El documento no existe.');
    expect((await read(worker.photo.publicUrl)).statusCode).toBe(404);
    expect((await read(moved.json().identification.publicUrl)).statusCode).toBe(200);
  });

  it("a staff member's link answers 404 while the account is disabled or out of the worker's community, and works again once restored", async () => {
    const worker = await requested();
    const link = ((await a.capturista.get(`/api/constructionWorkers/${worker.uuid}`)).json() as Worker).identification
      .publicUrl;
    expect((await read(link)).statusCode).toBe(200);
    await t.db.query("UPDATE users SET status = 'DISABLED' WHERE email = 'capturista@porton.mx'");
    expect((await read(link)).statusCode).toBe(404);
    await t.db.query("UPDATE users SET status = 'ACTIVE' WHERE email = 'capturista@porton.mx'");
    expect((await read(link)).statusCode).toBe(200);
    const membership = await t.db.query<{ user_id: number; community_id: number }>(
      "DELETE FROM user_communities WHERE user_id = (SELECT id FROM users WHERE email = 'capturista@porton.mx') RETURNING user_id, community_id",
    );
    expect(membership.length).toBeGreaterThan(0);
    expect((await read(link)).statusCode).toBe(404);
    for (const m of membership)
      await t.db.query('INSERT INTO user_communities (user_id, community_id) VALUES ($1, $2)', [
        m.user_id,
        m.community_id,
      ]);
    expect((await read(link)).statusCode).toBe(200);
  });

  it('a link that names no user answers 404', async () => {
    const worker = await requested();
    const now = Math.floor(Date.now() / 1000);
    const token = await new SignJWT({ purpose: 'worker-file', wrk: worker.uuid })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(worker.identification.uuid)
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(await workerFileKey(t.db));
    expect((await read(`/api/constructionWorkers/file?token=${token}`)).statusCode).toBe(404);
  });
});

describe('a PDF document is downloaded, never shown inline', () => {
  it('an identification PDF carrying HTML and an /OpenAction script is served as an attachment (ASCII filename, UTF-8 filename*), nosniff, scripts off; the photo stays inline', async () => {
    const hostile = Buffer.from(
      '%PDF-1.4\n1 0 obj<</Type/Catalog/OpenAction<</S/JavaScript/JS(app.alert(1))>>>>endobj\n' +
        '<html><script>alert(document.cookie)</script></html>\ntrailer<</Root 1 0 R>>\n%%EOF\n',
    );
    const worker = await requested(
      filePayload(hostile.toString('base64'), 'identificación oficial.pdf', 'application/pdf'),
    );
    const res = await read(worker.identification.publicUrl);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="identificacion_oficial.pdf"; filename*=UTF-8''identificaci%C3%B3n%20oficial.pdf`,
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'none'");
    const proof = await read(worker.proofOfAddress.publicUrl);
    expect(proof.headers['content-disposition']).toBe('attachment; filename="comprobante.pdf"');
    const portrait = await read(worker.photo.publicUrl);
    expect(portrait.headers['content-disposition']).toBe('inline; filename="foto.png"');
  });
});
