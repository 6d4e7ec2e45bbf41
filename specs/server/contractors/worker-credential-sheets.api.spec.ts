/**
 * Printable credentials (GET api/constructionWorkers/workerLicense?format=pdf): A4 pages, the
 * fronts of up to 9 credentials on one page and their backs on the next with the columns
 * mirrored for a long-edge duplex flip, cut marks, and each QR (the worker's signed pass) at
 * least 25 mm wide, readable from the page rendered by pdftoppm at 150 dpi. Same role and
 * community rules as the zip.
 */
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeRenderPool } from '../../../src/server/massive-events/invitation-renderer.js';
import {
  backBox,
  CREDENTIALS_PER_SHEET,
  frontBox,
  MIN_QR_MM,
} from '../../../src/shared/contractors/credential-sheet.js';
import { CredentialMessages, WorkerMessages } from '../../../src/shared/contractors/worker-rules.js';
import { decodePass } from '../../../src/shared/passes/pass-types.js';
import { signInActors, type Actors } from '../../support/catalogue-actors.js';
import {
  approvedWorkers,
  qrIn,
  renderPages,
  type SheetPage,
} from '../../support/contractors/credential-sheet-files.js';
import { workerSites } from '../../support/contractors/worker-fixtures.js';
import { testApp, type TestApp } from '../../support/test-app.js';

let t: TestApp;
let a: Actors;
let sites: Awaited<ReturnType<typeof workerSites>>;
beforeAll(async () => {
  t = await testApp();
  sites = await workerSites(t);
  a = await signInActors(t);
});
afterAll(async () => {
  await closeRenderPool();
  await t?.close();
});

const sheets = (uuids: string[], who = a.admin, format = 'pdf') =>
  who.get(`/api/constructionWorkers/workerLicense?format=${format}&${uuids.map((u) => `uuid=${u}`).join('&')}`);

/** A page region holds a drawing: some pixels are not white. */
const inked = (page: SheetPage, box: { x: number; y: number; width: number; height: number }) => {
  const scale = page.width / 595.28;
  const cx = Math.floor((box.x + box.width / 2) * scale);
  const cy = Math.floor(page.height - (box.y + box.height / 2) * scale);
  let dark = 0;
  for (let dy = -20; dy <= 20; dy++)
    for (let dx = -20; dx <= 20; dx++) {
      const i = ((cy + dy) * page.width + cx + dx) * 4;
      if (page.data[i]! < 240 || page.data[i + 1]! < 240 || page.data[i + 2]! < 240) dark++;
    }
  return dark > 0;
};

describe('GET api/constructionWorkers/workerLicense?format=pdf', () => {
  it('11 workers: credenciales.pdf of 2 sheets (4 A4 pages), each back page holds its fronts’ QRs in mirrored columns, each QR ≥ 25 mm and read at 150 dpi as the worker’s pass', async () => {
    const uuids = await approvedWorkers(t, sites.mySite.uuid, 11);
    const res = await sheets(uuids);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('credenciales.pdf');
    expect(res.headers['x-credential-count']).toBe('11');
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const document = await PDFDocument.load(res.rawPayload);
    expect(document.getPages().map((p) => [Math.round(p.getWidth()), Math.round(p.getHeight())])).toEqual(
      Array(4).fill([595, 842]),
    );
    const pages = renderPages(res.rawPayload);
    expect(pages).toHaveLength(4);
    const onSheet = [uuids.slice(0, CREDENTIALS_PER_SHEET), uuids.slice(CREDENTIALS_PER_SHEET)];
    for (const [sheet, workers] of onSheet.entries()) {
      const [fronts, backs] = [pages[sheet * 2]!, pages[sheet * 2 + 1]!];
      for (const [i, uuid] of workers.entries()) {
        // The front has the face (no QR); its back sits in the mirrored column of the next page.
        expect(inked(fronts, frontBox(i))).toBe(true);
        expect(qrIn(fronts, frontBox(i))).toBeNull();
        const qr = qrIn(backs, backBox(i));
        expect(qr, `credential ${sheet * CREDENTIALS_PER_SHEET + i + 1}`).not.toBeNull();
        expect(decodePass(qr!.text)).toMatchObject({ kind: 'workerCredential', subject: uuid });
        expect(qr!.widthMm).toBeGreaterThanOrEqual(MIN_QR_MM);
      }
      // The second sheet's empty places stay blank on both pages.
      for (let i = workers.length; i < CREDENTIALS_PER_SHEET; i++) {
        expect(inked(fronts, frontBox(i))).toBe(false);
        expect(inked(backs, backBox(i))).toBe(false);
      }
    }
  });

  it('the back of the first column lands in the last column: front box 0 and back box 0 mirror each other on the page', () => {
    const front = frontBox(0);
    const back = backBox(0);
    expect(back.y).toBe(front.y);
    expect(back.x + back.width).toBeCloseTo(595.28 - front.x, 6);
    expect(backBox(2).x).toBeCloseTo(frontBox(0).x, 6);
    expect(backBox(1).x).toBeCloseTo(frontBox(1).x, 6);
  });

  it("the same rules as the zip: the worker's contractor gets it, another contractor's worker 404, a resident 403, another community 404, a pending worker 409", async () => {
    const [mine] = await approvedWorkers(t, sites.mySite.uuid, 1);
    const [foreign] = await approvedWorkers(t, sites.otherSite.uuid, 1);
    expect((await sheets([mine!], a.contractor)).statusCode).toBe(200);
    const notFound = await sheets([mine!, foreign!], a.contractor);
    expect(notFound.statusCode).toBe(404);
    expect(notFound.json().error_description).toBe(WorkerMessages.notFound);
    expect((await sheets([mine!], a.resident)).statusCode).toBe(403);
    expect((await sheets([mine!], a.admin2)).statusCode).toBe(404);
    await t.db.query("UPDATE construction_workers SET status = 'Pendiente' WHERE uuid = $1", [foreign]);
    const pending = await sheets([foreign!]);
    expect(pending.statusCode).toBe(409);
    expect(pending.json().error_description).toBe(WorkerMessages.credentialsOnlyApproved);
  });

  it('an unknown format: 400 with a Spanish message', async () => {
    const [uuid] = await approvedWorkers(t, sites.mySite.uuid, 1);
    const res = await sheets([uuid!], a.admin, 'docx');
    expect(res.statusCode).toBe(400);
    expect(res.json().error_description).toBe(CredentialMessages.invalidFormat);
  });
});
