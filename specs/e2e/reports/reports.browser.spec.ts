import ExcelJS from 'exceljs';
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { localToday } from '../../../src/shared/reports/report-rules.js';
import { browserSuite, signInAs, type RunningServer } from '../../support/browser.js';

let server: RunningServer;
let browser: Browser;

browserSuite((s, b) => {
  server = s;
  browser = b;
});

async function signedIn(email: string): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 1440, height: 1000 },
    locale: 'es-MX',
    acceptDownloads: true,
  });
  const page = await context.newPage();
  await signInAs(page, server.url, email);
  await page.waitForURL((u) => u.pathname !== '/');
  return page;
}
const table = (page: Page, name: string) => page.getByRole('table', { name });
const rows = (page: Page, name: string) => table(page, name).locator('tbody tr');
/** 'N registros · página P de M' under the table. */
async function pagerText(page: Page) {
  const text = (await page.getByText(/registros · página \d+ de \d+/).textContent())!;
  const [, total, current, pages] = /(\d+) registros · página (\d+) de (\d+)/.exec(text)!.map(Number);
  return { total, current, pages };
}
const daysBefore = (date: string, days: number) =>
  new Date(Date.parse(`${date}T12:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

describe('Reportes (visit report): the guard filters, pages and exports the demo history', () => {
  it('filters by guest and entry range, pages, and the downloaded reporte_visitas.xlsx holds the same rows', async () => {
    const page = await signedIn('vigilante@porton.mx');
    await page.getByRole('link', { name: 'Reportes', exact: true }).click();
    await page.getByRole('heading', { name: 'Reportes' }).waitFor();
    await table(page, 'Visitas registradas').waitFor();
    // The demo history: a year of visits, 15 a page, newest first.
    expect(await rows(page, 'Visitas registradas').count()).toBe(15);
    expect((await pagerText(page)).total).toBeGreaterThan(1000);

    // A half range alerts 'Falta una fecha' and queries nothing.
    const today = localToday();
    await page.getByLabel('Entrada desde').fill(daysBefore(today, 90));
    await page.getByRole('button', { name: 'Buscar' }).click();
    await page.getByRole('alertdialog', { name: 'Falta una fecha' }).waitFor();
    await page.getByRole('button', { name: 'Aceptar' }).click();
    expect(await page.getByLabel('Entrada hasta').getAttribute('max')).toBe(today);

    await page.getByLabel('Entrada hasta').fill(today);
    await page.getByLabel('Invitado').fill('jose');
    await page.getByRole('button', { name: 'Buscar' }).click();
    await expect.poll(async () => (await pagerText(page)).total).toBeLessThan(1000);
    const { total, pages } = await pagerText(page);
    expect(total).toBeGreaterThan(15);
    // Accent-insensitive: every guest found is a José (or Jose).
    for (const name of await rows(page, 'Visitas registradas').locator('td:nth-child(3)').allTextContents())
      expect(name).toMatch(/^Jos[ée]/);
    await page.getByRole('navigation', { name: 'Paginación' }).getByRole('button', { name: '2', exact: true }).click();
    await expect.poll(async () => (await pagerText(page)).current).toBe(2);
    expect(pages).toBe(Math.ceil(total / 15));

    // 'Exportar a Excel' downloads the same filters' rows while the page stays usable.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Exportar a Excel' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('reporte_visitas.xlsx');
    await page.getByRole('alertdialog', { name: '¡Correcto!' }).waitFor();
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(readFileSync((await download.path())!) as never);
    const sheet = wb.worksheets[0];
    expect(sheet.getRow(1).getCell(1).value).toBe('Fecha de entrada');
    expect(sheet.getRow(1).getCell(2).value).toBe('Fecha de salida');
    expect(sheet.actualRowCount - 1).toBe(total);
    for (let n = 2; n <= sheet.actualRowCount; n++) {
      const row = sheet.getRow(n);
      expect(row.getCell(1).value).toBeInstanceOf(Date);
      expect(String(row.getCell(3).value)).toMatch(/^Jos[ée] /);
      const exit = row.getCell(2).value;
      expect(exit instanceof Date || exit === 'SIN REGISTRO').toBe(true);
    }
  });

  it('a photo of the demo history opens in the viewer from its signed link', async () => {
    const page = await signedIn('administrador@porton.mx');
    await page.goto(`${server.url}/visitantes`);
    await table(page, 'Visitas registradas').waitFor();
    await page.getByRole('button', { name: 'Ver foto' }).first().click();
    const img = page.getByRole('img', { name: /^Foto de identificación de / });
    await img.waitFor();
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
    expect(await img.getAttribute('src')).toMatch(/^\/api\/visitPhotos\/[0-9a-f-]+\?exp=\d+&u=[0-9a-f-]+&sig=/);
  });
});

describe('Reporte áreas comunes and who reaches the reports', () => {
  it('the capturista filters by entry mode and exports reporte_areas_comunes.xlsx', async () => {
    const page = await signedIn('capturista@porton.mx');
    await page.getByRole('link', { name: 'Reporte áreas comunes' }).click();
    await table(page, 'Visitas a áreas comunes').waitFor();
    await page.getByLabel('Modo de entrada').selectOption('qr');
    await page.getByRole('button', { name: 'Buscar' }).click();
    await expect
      .poll(async () =>
        (await rows(page, 'Visitas a áreas comunes').locator('td:nth-child(6)').allTextContents()).every(
          (m) => m === 'QR',
        ),
      )
      .toBe(true);
    const { total } = await pagerText(page);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Exportar a Excel' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('reporte_areas_comunes.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(readFileSync((await download.path())!) as never);
    expect(wb.worksheets[0].actualRowCount - 1).toBe(total);
    expect(wb.worksheets[0].getRow(2).getCell(7).value).toBe('QR');
  });

  it('a resident is sent home from /visitants and sees no report in the menu', async () => {
    const page = await signedIn('residente@porton.mx');
    await page.goto(`${server.url}/visitants`);
    await page.waitForURL((u) => u.pathname === '/massiveEvents');
    expect(await page.getByRole('link', { name: 'Reportes', exact: true }).count()).toBe(0);
  });
});
