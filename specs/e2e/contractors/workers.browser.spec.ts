import jsQR from 'jsqr';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { PDFDocument } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { browserSuite, signInAs, type RunningServer } from '../../support/browser.js';
import { pngBase64 } from '../../support/massive-events/event-fixtures.js';
import { unzip } from '../../support/massive-events/invitation-files.js';
import { PDF_TEXT } from '../../support/contractors/worker-fixtures.js';

let server: RunningServer;
let browser: Browser;
browserSuite((s, b) => {
  server = s;
  browser = b;
});

const SHOTS = 'specs/e2e/.shots';
mkdirSync(SHOTS, { recursive: true });
const dir = mkdtempSync(join(tmpdir(), 'porton-workers-e2e-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const photoFile = join(dir, 'foto.png');
const idFile = join(dir, 'ine.pdf');
const proofFile = join(dir, 'recibo.png');
writeFileSync(photoFile, Buffer.from(pngBase64(300, 300, [40, 120, 200]), 'base64'));
writeFileSync(idFile, PDF_TEXT);
writeFileSync(proofFile, Buffer.from(pngBase64(400, 250, [220, 220, 200]), 'base64'));

async function pageAs(email: string, query = ''): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'es-MX' });
  const page = await context.newPage();
  await signInAs(page, server.url, email, 'Porton2026', query);
  await page.waitForURL((u) => u.pathname !== '/');
  return page;
}

async function requestWorker(contractor: Page, firstName: string) {
  await contractor.goto(`${server.url}/createWorker`);
  await contractor.getByLabel('Nombre').fill(firstName);
  await contractor.getByLabel('Apellidos').fill('Navegador');
  await contractor.getByLabel('Obra').selectOption({ label: 'Casa Familia Treviño' });
  await contractor.getByLabel('Fotografía').setInputFiles(photoFile);
  await contractor.getByRole('img', { name: 'Foto recortada' }).waitFor();
  await contractor.getByLabel('Identificación oficial').setInputFiles(idFile);
  await contractor.getByLabel('Comprobante de domicilio').setInputFiles(proofFile);
  await contractor.getByTitle('Vista previa: Identificación oficial').waitFor();
  await contractor.getByRole('img', { name: 'Vista previa: Comprobante de domicilio' }).waitFor();
  await contractor.getByRole('button', { name: 'Registrar' }).click();
  const sent = contractor.getByRole('alertdialog', { name: 'Solicitud de trabajador enviada' });
  await sent.waitFor();
  await sent.getByRole('button', { name: 'Aceptar' }).click();
  await contractor.getByText('Solicitud pendiente').waitFor();
}

describe('Trabajadores de obra end to end: request, live decision, request again, credential checked in at the gate', () => {
  it('the contractor requests a worker with a photo and two documents; the administrator sees it live, rejects it with a reason; the contractor sees it without reloading; then a new request is approved, its credential downloads and its QR checks in at the gate', async () => {
    const contractor = await pageAs('contratista@porton.mx', '?type=contractor');
    expect(new URL(contractor.url()).pathname).toBe('/constructions_contractor');
    const admin = await pageAs('administrador@porton.mx');
    await admin.goto(`${server.url}/workersRequest`);
    const row = admin.getByRole('row', { name: /Casa Familia Treviño/ });
    await row.waitFor();
    const pendingBefore = Number((await row.getByText(/Pendientes \d+/).textContent())!.replace(/\D/g, ''));

    await requestWorker(contractor, 'Rocío');
    // The requests table reloads by itself: one more pending request.
    await row.getByText(`Pendientes ${pendingBefore + 1}`).waitFor();

    await row.getByRole('link').click();
    const card = admin.getByRole('article', { name: 'Rocío Navegador' });
    await card.getByRole('button', { name: 'Rechazar' }).click();
    const reasonDialog = admin.getByRole('dialog', { name: /Rechazar a Rocío Navegador/ });
    await reasonDialog.getByLabel('Motivo del rechazo').fill('La identificación no es legible');
    await reasonDialog.getByRole('button', { name: 'Rechazar' }).click();
    await admin
      .getByRole('alertdialog', { name: '¡Solicitud rechazada!' })
      .getByRole('button', { name: 'Aceptar' })
      .click();

    // The contractor's screen changes without a reload.
    await contractor.getByText('Solicitud rechazada').waitFor();
    await contractor.getByText('Rocío Navegador: La identificación no es legible').waitFor();

    await contractor.getByRole('button', { name: 'Solicitar otro trabajador' }).click();
    await requestWorker(contractor, 'Samuel');
    await admin.goto(`${server.url}/workersRequest`);
    await admin
      .getByRole('row', { name: /Casa Familia Treviño/ })
      .getByRole('link')
      .click();
    await admin.getByRole('article', { name: 'Samuel Navegador' }).getByRole('button', { name: 'Aprobar' }).click();
    await admin
      .getByRole('alertdialog', { name: '¡Solicitud Aprobada!' })
      .getByRole('button', { name: 'Aceptar' })
      .click();
    await contractor.getByText('Solicitud aprobada').waitFor();

    // 5. The approved worker's credential downloads, and its QR checks in at the gate (an EMPLOYEE entry of the site).
    await admin.goto(`${server.url}/workers`);
    const samuel = admin.getByRole('article', { name: 'Samuel Navegador' });
    const downloading = admin.waitForEvent('download');
    await samuel.getByRole('button', { name: 'Descargar credencial' }).click();
    const download = await downloading;
    // Credentials download as a zip, for one worker as for many: one PNG inside.
    expect(download.suggestedFilename()).toBe('credenciales.zip');
    await admin.getByRole('alertdialog', { name: 'Descarga completada' }).waitFor();
    const files = await unzip(readFileSync((await download.path())!));
    expect([...files.keys()]).toEqual(['credencial_Samuel_Navegador.png']);
    const image = PNG.sync.read(files.get('credencial_Samuel_Navegador.png')!);
    const pass = jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data;
    expect(pass).toMatch(/^P1\./);
    await admin.screenshot({ path: `${SHOTS}/workers-credential-downloaded.png` });
    writeFileSync(`${SHOTS}/worker-credential.png`, PNG.sync.write(image));

    const gate = await pageAs('vigilante@porton.mx');
    await gate.goto(`${server.url}/checkin`);
    await gate.getByLabel('Pase o credencial').fill(pass!);
    await gate.getByRole('button', { name: 'Registrar entrada' }).click();
    await gate.getByText('Acceso permitido').waitFor();
    await gate.getByText('Samuel Navegador').waitFor();
    await gate.getByText('Trabajador de obra · Obra Casa Familia Treviño (214)').waitFor();
    await gate.screenshot({ path: `${SHOTS}/checkin-worker.png` });
  });

  it("'Descargar credenciales' → 'PDF para imprimir' downloads credenciales.pdf, a PDF Chromium receives as application/pdf, A4 sheets whose fronts and backs alternate", async () => {
    const admin = await pageAs('administrador@porton.mx');
    await admin.goto(`${server.url}/workers`);
    await admin.getByRole('article', { name: 'Ramiro Soto Aguilar' }).first().waitFor();
    await admin.getByRole('button', { name: 'Seleccionar todos' }).click();
    await admin.getByRole('button', { name: /^Descargar credenciales \(\d+\)/ }).click();
    await admin.getByRole('menuitem', { name: 'Imágenes (ZIP)' }).waitFor();
    await admin.screenshot({ path: `${SHOTS}/workers-credentials-menu.png` });
    const downloading = admin.waitForEvent('download', { timeout: 60_000 });
    const answered = admin.waitForResponse((r) => r.url().includes('/workerLicense?format=pdf'), { timeout: 60_000 });
    await admin.getByRole('menuitem', { name: 'PDF para imprimir' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('credenciales.pdf');
    await admin.getByRole('alertdialog', { name: 'Descarga completada' }).waitFor();
    const bytes = readFileSync((await download.path())!);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount() % 2).toBe(0);
    for (const page of pdf.getPages())
      expect([Math.round(page.getWidth()), Math.round(page.getHeight())]).toEqual([595, 842]);
    // Chromium received it as application/pdf (what its viewer opens), with the download's name.
    const answer = await answered;
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toBe('application/pdf');
    expect(answer.headers()['content-disposition']).toContain('credenciales.pdf');
  });

  it("the administrator edits a rejected worker from its card (/createWorker?token, 'Editar trabajador', 'Guardar'; the files kept as they were) and deletes it after the confirmation; an approved worker offers no Editar", async () => {
    const admin = await pageAs('administrador@porton.mx');
    await admin.goto(`${server.url}/workers`);
    const approved = admin.getByRole('article', { name: 'Ramiro Soto Aguilar' }).first();
    await approved.waitFor();
    expect(await approved.getByRole('button', { name: 'Editar' }).count()).toBe(0);
    await admin.screenshot({ path: `${SHOTS}/workers-admin.png` });

    await admin
      .getByRole('article', { name: 'Óscar Vega Treviño' })
      .first()
      .getByRole('button', { name: 'Editar' })
      .click();
    await admin.waitForURL((u) => u.pathname === '/createWorker' && u.searchParams.has('token'));
    await admin.getByRole('heading', { name: 'Editar trabajador' }).waitFor();
    const firstName = admin.getByLabel('Nombre');
    await expect.poll(() => firstName.inputValue()).toBe('Óscar');
    // The stored photo and documents are shown by their signed links.
    await admin.getByRole('img', { name: 'Foto recortada' }).waitFor();
    await admin.screenshot({ path: `${SHOTS}/worker-edit.png` });
    await firstName.fill('Oscarín');
    await admin.getByRole('button', { name: 'Guardar' }).click();
    const saved = admin.getByRole('alertdialog', { name: '¡Trabajador actualizado exitosamente!' });
    await saved.waitFor();
    await saved.getByRole('button', { name: 'Aceptar' }).click();
    await admin.waitForURL((u) => u.pathname === '/workers');

    // Edited, the rejected worker is a pending request again, with its documents kept.
    const edited = admin.getByRole('article', { name: 'Oscarín Vega Treviño' });
    await edited.getByText('Pendiente').waitFor();
    await edited.getByRole('button', { name: 'Ver datos' }).click();
    const info = admin.getByRole('dialog', { name: 'Información del trabajador' });
    await info
      .getByRole('link', { name: 'Descargar identificación oficial (PDF)' })
      .or(info.getByRole('img', { name: 'Identificación oficial' }))
      .first()
      .waitFor();
    await info.getByRole('button', { name: 'Cerrar' }).first().click();

    await edited.getByRole('button', { name: 'Eliminar' }).click();
    const confirm = admin.getByRole('alertdialog', { name: '¿Seguro que deseas eliminar a este trabajador?' });
    await confirm.getByText('No podrás revertir esta acción').waitFor();
    await confirm.getByRole('button', { name: 'Eliminar' }).click();
    const deleted = admin.getByRole('alertdialog', { name: 'Trabajador eliminado correctamente' });
    await deleted.waitFor();
    await deleted.getByRole('button', { name: 'Aceptar' }).click();
    await admin.getByRole('article', { name: 'Oscarín Vega Treviño' }).waitFor({ state: 'detached' });
  });
});
