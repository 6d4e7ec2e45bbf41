import type { Browser, Page } from 'playwright-core';
import ExcelJS from 'exceljs';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ERROR_REASON_HEADER, RESIDENT_IMPORT_HEADERS } from '../../../src/shared/residents/resident-import.js';
import { signInAs, type RunningServer, browserSuite } from '../../support/browser.js';

let server: RunningServer;
let browser: Browser;

browserSuite((s, b) => {
  server = s;
  browser = b;
});

async function formAs(email: string, query = ''): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 1000 }, locale: 'es-MX' });
  const page = await context.newPage();
  await signInAs(page, server.url, email);
  await page.waitForURL((u) => u.pathname !== '/');
  await page.goto(`${server.url}/newResidents${query}`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  return page;
}
const labelled = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}\\s*\\*?$`));

describe('Alta residente in Chromium', () => {
  it('the administrator registers a resident with two phones and app use, sees the success dialog and returns to /residents', async () => {
    const page = await formAs('administrador@porton.mx');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Alta residente');
    await labelled(page, 'Nombre').fill('Mariana');
    await labelled(page, 'Apellidos').fill('Quintero Soto');
    const email = `mariana.${Date.now()}@correo.mx`;
    await labelled(page, 'Correo electrónico').fill(email);
    const zone = labelled(page, 'Zona');
    await expect.poll(() => zone.locator('option').count()).toBeGreaterThan(1);
    await zone.selectOption({ index: 1 });
    const street = labelled(page, 'Calle');
    await expect.poll(() => street.locator('option').count()).toBeGreaterThan(1);
    await street.selectOption({ index: 1 });
    await labelled(page, 'Número exterior').fill('15');
    await page.getByText('Usa la app').click();
    await labelled(page, 'Teléfono 1').fill('5512340001');
    await page.getByRole('button', { name: 'Agregar teléfono' }).click();
    await labelled(page, 'Teléfono 2').fill('5512340002');
    await page.getByRole('button', { name: 'Registrar' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Residente creado correctamente' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Aceptar' }).click();
    await page.waitForURL((u) => u.pathname === '/residents');
  });

  it("a taken email shows 'Correo ya existente.' when it leaves the field", async () => {
    const page = await formAs('administrador@porton.mx');
    await labelled(page, 'Correo electrónico').fill('residente@porton.mx');
    await labelled(page, 'Nombre').click();
    await page.getByText('Correo ya existente.').waitFor();
  });

  it("an import with a bad row shows 'Error Parcial' and Errores.xlsx holds that row with its reason", async () => {
    const page = await formAs('administrador@porton.mx');
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Residentes');
    sheet.addRow([...RESIDENT_IMPORT_HEADERS]);
    const stamp = Date.now();
    sheet.addRow([
      'Ofelia',
      'Márquez Duran',
      `ofelia.${stamp}@correo.mx`,
      'Zona Norte',
      'Calle Roble',
      '88',
      '',
      '',
      'NO',
      'NO',
      '5512349999',
      '',
      '',
      '',
    ]);
    sheet.addRow([
      'Pedro',
      'Ruiz Lara',
      'no-es-correo',
      'Zona Norte',
      'Calle Roble',
      '89',
      '',
      '',
      'NO',
      'NO',
      '5512348888',
      '',
      '',
      '',
    ]);
    const buffer = Buffer.from(await book.xlsx.writeBuffer());
    await page.getByRole('button', { name: 'Importar Excel' }).click();
    await page.getByLabel('Archivo de residentes').setInputFiles({
      name: 'residentes.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer,
    });
    await page.getByRole('button', { name: 'Importar', exact: true }).click();
    await page.getByText('Error Parcial').waitFor();
    await page.getByText('Algunos registros fallaron. Descarga el archivo para más detalles.').waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Descargar Errores.xlsx' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Errores.xlsx');
    const errors = new ExcelJS.Workbook();
    await errors.xlsx.load(readFileSync((await download.path())!) as never);
    const rows = errors.worksheets[0].getSheetValues().filter(Boolean) as unknown[][];
    expect(rows[0]).toContain(ERROR_REASON_HEADER);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain('no-es-correo');
  });
});
