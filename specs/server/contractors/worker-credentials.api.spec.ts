/**
 * Workers' credentials (GET api/constructionWorkers/workerLicense): only approved workers get one, for the community's staff and the worker's own contractor; a
 * PNG with both faces whose QR is a kind-2 pass valid over the site's dates, in a zip for one worker as for several. At
 * the gate the credential records an EMPLOYEE visit tied to the site, and is refused once the
 * worker is rejected or deleted, outside the site's dates, in another community, or forged.
 */
import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeRenderPool } from '../../../src/server/massive-events/invitation-renderer.js';
import { issuePass, passKeysFor, type PassKeys } from '../../../src/server/passes/passes.js';
import { CheckinMessages, WorkerCheckinMessages } from '../../../src/shared/passes/checkin-rules.js';
import { CREDENTIAL_HEIGHT, CREDENTIAL_WIDTH } from '../../../src/shared/contractors/credential-drawing.js';
import { decodePass } from '../../../src/shared/passes/pass-types.js';
import {
  CredentialMessages,
  MAX_CREDENTIAL_UUIDS,
  WorkerMessages,
} from '../../../src/shared/contractors/worker-rules.js';
import { signInActors, type Actors } from '../../support/catalogue-actors.js';
import { readInvitation, unzip } from '../../support/massive-events/invitation-files.js';
import { testApp, type TestApp } from '../../support/test-app.js';
import { filePayload, LOCAL_TODAY_SQL, pdf, photo, workerSites } from '../../support/contractors/worker-fixtures.js';
import { pngBase64 } from '../../support/massive-events/event-fixtures.js';

let t: TestApp;
let a: Actors;
let keys: PassKeys;
let sites: Awaited<ReturnType<typeof workerSites>>;
beforeAll(async () => {
  t = await testApp();
  sites = await workerSites(t);
  a = await signInActors(t);
  keys = await passKeysFor(t.db, t.config);
});
afterAll(async () => {
  await closeRenderPool();
  await t?.close();
});

const body = (firstName: string, site = sites.mySite.uuid) => ({
  firstName,
  lastName: 'Obrero',
  construction: { uuid: site },
  photo: photo(),
  identification: pdf(),
  proofOfAddress: filePayload(pngBase64(20, 20), 'domicilio.png', 'image/png'),
});
/** A worker requested by the contractor on `site`, approved by the administrator unless `approve` is false. */
async function worker(firstName: string, { site = sites.mySite.uuid, approve = true } = {}): Promise<string> {
  const created = await a.contractor.post('/api/constructionWorkerRequests', {
    construction: { uuid: site },
    workers: [body(firstName, site)],
  });
  let uuid: string;
  if (created.statusCode === 201) uuid = (created.json() as { uuid: string }[])[0]!.uuid;
  else {
    // Another contractor's site: the administrator registers the worker directly.
    const direct = await a.admin.post('/api/constructionWorkers/administrator', body(firstName, site));
    expect(direct.statusCode, direct.body).toBe(201);
    uuid = (direct.json() as { uuid: string }).uuid;
  }
  if (approve) {
    const status = (await t.db.one<{ status: string }>('SELECT status FROM construction_workers WHERE uuid = $1', [
      uuid,
    ]))!.status;
    if (status !== 'Aprobado')
      expect((await a.admin.put(`/api/constructionWorkers/${uuid}/approve`)).statusCode).toBe(200);
  }
  return uuid;
}
const license = (uuids: string[], who = a.admin) =>
  who.get(`/api/constructionWorkers/workerLicense?${uuids.map((u) => `uuid=${u}`).join('&')}`);
const checkin = (pass: string, who = a.guard) => who.post('/api/massiveEventGuests/checkin', { pass });
const checkout = (pass: string, who = a.guard) => who.post('/api/massiveEventGuests/checkout', { pass });
async function credentialPass(uuid: string): Promise<string> {
  const res = await license([uuid]);
  expect(res.statusCode, res.body).toBe(200);
  const [png] = (await unzip(res.rawPayload)).values();
  return readInvitation(png!).qr!;
}
const refusedWith = (
  res: { statusCode: number; json(): { error_description: string } },
  status: number,
  message: string,
) => {
  expect(res.statusCode).toBe(status);
  expect(res.json().error_description).toBe(message);
};
const palmas = async () =>
  (await t.db.one<{ uuid: string }>(
    "SELECT uuid::text AS uuid FROM communities WHERE name = 'Residencial Las Palmas'",
  ))!.uuid;
const epoch = async (sql: string) =>
  Number((await t.db.one<{ s: string }>(`SELECT extract(epoch FROM (${sql}))::bigint AS s`))!.s);

describe('GET api/constructionWorkers/workerLicense', () => {
  it('one approved worker: a zip of credentials holding its PNG with both faces whose QR is a kind-2 pass of the worker, from the site start 00:00 to its end 23:59:59 (Mexico City)', async () => {
    const uuid = await worker('Ana');
    const res = await license([uuid]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['x-credential-count']).toBe('1');
    const files = await unzip(res.rawPayload);
    expect([...files.keys()]).toEqual(['credencial_Ana_Obrero.png']);
    const png = readInvitation(files.get('credencial_Ana_Obrero.png')!);
    expect([png.width, png.height]).toEqual([CREDENTIAL_WIDTH, CREDENTIAL_HEIGHT]);
    const pass = decodePass(png.qr!)!;
    expect(pass).toMatchObject({ kind: 'workerCredential', subject: uuid, community: await palmas() });
    const site = (await t.db.one<{ start: string; end: string }>(
      `SELECT to_char(start_date, 'YYYY-MM-DD') AS start, to_char(end_date, 'YYYY-MM-DD') AS end FROM constructions WHERE uuid = $1`,
      [sites.mySite.uuid],
    ))!;
    expect(pass.notBefore).toBe(await epoch(`TIMESTAMP '${site.start} 00:00:00' AT TIME ZONE 'America/Mexico_City'`));
    expect(pass.notAfter).toBe(await epoch(`TIMESTAMP '${site.end} 23:59:59' AT TIME ZONE 'America/Mexico_City'`));
  });

  it('several: credenciales.zip with one PNG per worker, in the order asked, readable QRs', async () => {
    const uuids = [await worker('Beto'), await worker('Carla')];
    const res = await license(uuids, a.capturista);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['x-credential-count']).toBe('2');
    const files = await unzip(res.rawPayload);
    expect([...files.keys()]).toEqual(['credencial_Beto_Obrero.png', 'credencial_Carla_Obrero.png']);
    expect([...files.values()].map((f) => decodePass(readInvitation(f).qr!)!.subject)).toEqual(uuids);
  });

  it('a pending or rejected worker has no credential, and nothing is drawn for the others asked with it', async () => {
    const approved = await worker('Dora');
    const pending = await worker('Eva', { approve: false });
    refusedWith(await license([approved, pending]), 409, WorkerMessages.credentialsOnlyApproved);
    const rejected = await worker('Fito', { approve: false });
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/constructionWorkers/${rejected}/reject`,
      payload: 'Documentos ilegibles',
      headers: {
        authorization: `Bearer ${await t.signIn('administrador@porton.mx')}`,
        'content-type': 'text/plain; charset=utf-8',
      },
    });
    expect(put.statusCode).toBe(200);
    refusedWith(await license([rejected]), 409, WorkerMessages.credentialsOnlyApproved);
  });

  it("the worker's own contractor downloads it; another contractor's worker answers 404; a guard or resident 403; another community 404", async () => {
    const mine = await worker('Gil');
    expect((await license([mine], a.contractor)).statusCode).toBe(200);
    const foreign = await worker('Hugo', { site: sites.otherSite.uuid });
    expect((await license([foreign])).statusCode).toBe(200);
    refusedWith(await license([foreign], a.contractor), 404, WorkerMessages.notFound);
    refusedWith(await license([mine, foreign], a.contractor), 404, WorkerMessages.notFound);
    expect((await license([mine], a.guard)).statusCode).toBe(403);
    expect((await license([mine], a.resident)).statusCode).toBe(403);
    expect((await license([mine], a.admin2)).statusCode).toBe(404);
  });

  it(`bad input: no uuid (the contract's required-field message), a malformed one, more than ${MAX_CREDENTIAL_UUIDS} (400 in Spanish)`, async () => {
    refusedWith(await a.admin.get('/api/constructionWorkers/workerLicense'), 400, 'El campo es obligatorio.');
    refusedWith(await license(['nope']), 400, CredentialMessages.invalidWorker);
    const many = Array.from(
      { length: MAX_CREDENTIAL_UUIDS + 1 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    refusedWith(await license(many), 400, CredentialMessages.tooMany);
  });
});

describe('the credential at the gate (POST api/massiveEventGuests/checkin and checkout): an EMPLOYEE entry tied to the site', () => {
  it('the QR of the downloaded credential checks in: a V_IN visit EMPLOYEE, QR, tied to worker and site, audited as visit.checkIn; then out', async () => {
    const uuid = await worker('Iris');
    const pass = await credentialPass(uuid);
    const res = await checkin(pass);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      direction: 'IN',
      kind: 'workerCredential',
      event: null,
      guest: { uuid, firstName: 'Iris', lastName: 'Obrero' },
      construction: { uuid: sites.mySite.uuid, name: 'Casa Roble 30', number: '30' },
    });
    const visit = await t.db.one<{
      visitant_type: string;
      access_mode: string;
      construction_id: number;
      worker: string;
    }>(
      `SELECT v.visitant_type, v.access_mode, v.construction_id, w.uuid::text AS worker FROM visits v
         JOIN construction_workers w ON w.id = v.construction_worker_id WHERE v.uuid = $1`,
      [res.json().visitUuid],
    );
    expect(visit).toMatchObject({
      visitant_type: 'EMPLOYEE',
      access_mode: 'QR',
      construction_id: sites.mySite.id,
      worker: uuid,
    });
    const audit = await t.db.one<{ n: number }>(
      "SELECT count(*)::int AS n FROM audit_events WHERE action = 'visit.checkIn' AND record_uuid = $1",
      [res.json().visitUuid],
    );
    expect(audit!.n).toBe(1);
    refusedWith(await checkin(pass), 409, WorkerCheckinMessages.alreadyInside);
    expect((await checkout(pass)).statusCode).toBe(200);
    refusedWith(await checkout(pass), 409, WorkerCheckinMessages.notInside);
  });

  it("after the site's end date the pass is refused; and when the site's dates moved since it was drawn", async () => {
    const uuid = await worker('Jaime');
    const community = await palmas();
    const ended = issuePass(keys, {
      kind: 'workerCredential',
      community,
      subject: uuid,
      notBefore: 1_700_000_000,
      notAfter: Math.floor(Date.now() / 1000) - 60,
    });
    refusedWith(await checkin(ended), 409, WorkerCheckinMessages.siteEnded);
    const pass = await credentialPass(uuid);
    await t.db.query(
      `UPDATE constructions SET start_date = ${LOCAL_TODAY_SQL} - 10, end_date = ${LOCAL_TODAY_SQL} - 1 WHERE id = $1`,
      [sites.mySecondSite.id],
    );
    await t.db.query('UPDATE construction_workers SET construction_id = $1 WHERE uuid = $2', [
      sites.mySecondSite.id,
      uuid,
    ]);
    refusedWith(await checkin(pass), 409, WorkerCheckinMessages.siteEnded);
  });

  it('a rejected or deleted worker: the credential is revoked (checked from the row)', async () => {
    const rejected = await worker('Karla');
    const pass = await credentialPass(rejected);
    await t.db.query("UPDATE construction_workers SET status = 'Rechazado', reject_reason = 'Baja' WHERE uuid = $1", [
      rejected,
    ]);
    refusedWith(await checkin(pass), 409, WorkerCheckinMessages.workerRejected);
    const deleted = await worker('Luis');
    const pass2 = await credentialPass(deleted);
    expect((await a.admin.del(`/api/constructionWorkers/${deleted}/administrator`)).statusCode).toBe(204);
    refusedWith(await checkin(pass2), 404, WorkerCheckinMessages.workerDeleted);
  });

  it('another community, a forged pass (another key): refused in Spanish, nothing recorded', async () => {
    const uuid = await worker('Mara');
    const pass = await credentialPass(uuid);
    refusedWith(await checkin(pass, a.admin2), 404, WorkerCheckinMessages.community);
    const other = {
      keyId: keys.keyId,
      ...(() => {
        const k = generateKeyPairSync('ed25519');
        return { privateKey: k.privateKey, publicKey: k.publicKey };
      })(),
    };
    const forged = issuePass(other, {
      kind: 'workerCredential',
      community: await palmas(),
      subject: uuid,
      notBefore: 0,
      notAfter: 4_000_000_000,
    });
    refusedWith(await checkin(forged), 400, CheckinMessages.forged);
    const visits = await t.db.one<{ n: number }>(
      'SELECT count(*)::int AS n FROM visits WHERE construction_worker_id IS NOT NULL AND first_name = $1',
      ['Mara'],
    );
    expect(visits!.n).toBe(0);
  });
});
