import { imageSize } from 'image-size';
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, signInActors, type Actors } from '../../support/catalogue-actors.js';
import {
  ihdr,
  interlacedBombPng,
  interlacedPng,
  pagePng,
  pngOf,
  pngWithText,
  singleColourPng,
} from '../../support/png-craft.js';
import { testApp, type TestApp } from '../../support/test-app.js';
import { filePayload, pdf, photo, workerSites } from '../../support/contractors/worker-fixtures.js';

/**
 * What one upload may cost the server: a worker's images are sized from their headers and
 * refused before decoding when they are larger than their use needs, a PNG's data may not inflate
 * past what its header declares, and one request's images together have a pixel budget.
 */
let t: TestApp;
let a: Actors;
let sites: Awaited<ReturnType<typeof workerSites>>;
let contractorToken: string;
beforeAll(async () => {
  t = await testApp();
  sites = await workerSites(t);
  a = await signInActors(t);
  contractorToken = await t.signIn('contratista@porton.mx');
});
afterAll(async () => {
  await t?.close();
});

const png = (data: Buffer, name = 'documento.png') => filePayload(data.toString('base64'), name, 'image/png');
const worker = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Juan',
  lastName: 'Obrero',
  photo: photo(),
  identification: pdf(),
  proofOfAddress: pdf(),
  ...overrides,
});
const request = (workers: Record<string, unknown>[]) =>
  a.contractor.post('/api/constructionWorkerRequests', { construction: { uuid: sites.mySite.uuid }, workers });
/** The most memory this test process has held so far (bytes). */
const peakMemory = () => process.resourceUsage().maxRSS * 1024;

describe("a PNG's data may inflate only to what its header declares", () => {
  // First in the file: the peak memory is still the setup's.
  it("an interlaced PNG that claims 100x100 but inflates to 600 MB is refused (400) without being inflated: the server's peak memory barely moves", async () => {
    const bomb = await interlacedBombPng(600 * 1024 * 1024);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const before = peakMemory();
    const asPhoto = await request([worker({ photo: png(bomb, 'foto.png') })]);
    expect(asPhoto.statusCode).toBe(400);
    expect(asPhoto.json().error_description).toBe('La fotografía no es un archivo válido.');
    const asDocument = await request([worker({ identification: png(bomb) })]);
    expect(asDocument.statusCode).toBe(400);
    expect(asDocument.json().error_description).toBe('La identificación oficial no es un archivo válido.');
    expect(peakMemory() - before).toBeLessThan(150 * 1024 * 1024);
  });

  it('a PNG whose data holds more rows than its header declares is refused (400)', async () => {
    // A 100x100 RGB header over the data of 100x400 (each row a filter byte and 300 bytes of pixels).
    const oversized = pngOf(ihdr(100, 100, 2, false), deflateSync(Buffer.alloc(400 * 301)));
    const res = await request([worker({ proofOfAddress: png(oversized) })]);
    expect(res.statusCode).toBe(400);
    expect(res.json().error_description).toBe('El comprobante de domicilio no es un archivo válido.');
  });

  it('an honest interlaced PNG and a PNG with a text chunk are stored as pixels only, their size kept', async () => {
    const res = await request([
      worker({
        identification: png(interlacedPng(300, 200)),
        proofOfAddress: png(pngWithText(200, 120, '<script>alert(1)</script>')),
      }),
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const [stored] = res.json() as { identification: { publicUrl: string }; proofOfAddress: { publicUrl: string } }[];
    const id = await t.app.inject({ method: 'GET', url: stored!.identification.publicUrl });
    expect(imageSize(id.rawPayload)).toMatchObject({ type: 'png', width: 300, height: 200 });
    const proof = await t.app.inject({ method: 'GET', url: stored!.proofOfAddress.publicUrl });
    expect(imageSize(proof.rawPayload)).toMatchObject({ type: 'png', width: 200, height: 120 });
    expect(proof.rawPayload.includes(Buffer.from('tEXt'))).toBe(false);
    expect(proof.rawPayload.includes(Buffer.from('<script>'))).toBe(false);
  });
});

describe('a document image may have at most 4 megapixels (what an identification or a proof of address needs)', () => {
  it('a 5000x5000 PNG document is refused (413) with a Spanish message naming its size, and nothing is stored', async () => {
    const files = await countRows(t, 'files');
    const res = await request([worker({ identification: png(await singleColourPng(5000, 5000)) })]);
    expect(res.statusCode).toBe(413);
    expect(res.json().error_description).toBe(
      'La identificación oficial mide 5000x5000 píxeles; el máximo es de 4 megapíxeles (por ejemplo, 2048x2048). Envía una imagen más pequeña o un PDF.',
    );
    expect(res.json().fields).toHaveProperty('identification');
    expect(await countRows(t, 'files')).toBe(files);
  });

  it('a 2048x2048 document, at the cap, is accepted and stored at its size', async () => {
    const res = await request([worker({ proofOfAddress: png(pagePng(2048, 2048)) })]);
    expect(res.statusCode, res.body).toBe(201);
    const served = await t.app.inject({ method: 'GET', url: res.json()[0].proofOfAddress.publicUrl });
    expect(imageSize(served.rawPayload)).toMatchObject({ width: 2048, height: 2048 });
  });
});

describe('the images of one request together may have at most 24 megapixels', () => {
  it('ten workers with two 1.5-megapixel documents each (30 MP) are refused (413) in Spanish before any is decoded, and nothing is stored', async () => {
    const files = await countRows(t, 'files');
    const page = png(pagePng(1500, 1000));
    const res = await request(
      Array.from({ length: 10 }, (_, i) =>
        worker({ firstName: `Obrero ${i}`, identification: page, proofOfAddress: page }),
      ),
    );
    expect(res.statusCode).toBe(413);
    expect(res.json().error_description).toBe(
      'Las imágenes de la solicitud suman 30 megapíxeles; el máximo por solicitud es de 24. Envía menos trabajadores a la vez o imágenes más pequeñas.',
    );
    expect(await countRows(t, 'files')).toBe(files);
  });

  it('ten workers with two 1-megapixel documents each (20 MP) are accepted', async () => {
    const page = png(pagePng(1000, 1000));
    const res = await request(
      Array.from({ length: 10 }, (_, i) =>
        worker({ firstName: `Obrero ${i}`, identification: page, proofOfAddress: page }),
      ),
    );
    expect(res.statusCode, res.body.slice(0, 300)).toBe(201);
    expect(res.json()).toHaveLength(10);
  });
});

describe('a large upload body is read as any JSON body is', () => {
  it('a body of several megabytes that is not JSON, or that carries a __proto__ key, answers 400 in Spanish; a small one too', async () => {
    const big = Buffer.alloc(3 * 1024 * 1024, 'A').toString('latin1');
    const send = (payload: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/constructionWorkerRequests',
        payload,
        headers: { authorization: `Bearer ${contractorToken}`, 'content-type': 'application/json' },
      });
    const bodies = [
      `{"construction": {"uuid": "${sites.mySite.uuid}"}, "workers": [{"firstName": "${big}"`,
      `{"construction": {"uuid": "${sites.mySite.uuid}"}, "workers": [], "__proto__": {"isAdmin": true}, "pad": "${big}"}`,
      `{"construction": {"uuid": "${sites.mySite.uuid}"}, "workers": [], "__proto__": {"isAdmin": true}}`,
    ];
    for (const body of bodies) {
      const res = await send(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error_description).toBe('El cuerpo de la solicitud no es un JSON válido.');
    }
  });
});
