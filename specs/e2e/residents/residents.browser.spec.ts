import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserSuite, signInAs, type RunningServer } from '../../support/browser.js';

let server: RunningServer;
let browser: Browser;

browserSuite((s, b) => {
  server = s;
  browser = b;
});

async function residentsAs(email: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 1000 }, locale: 'es-MX' });
  const page = await context.newPage();
  await signInAs(page, server.url, email);
  await page.waitForURL((u) => u.pathname !== '/');
  await page.goto(`${server.url}/residents`);
  await page.getByRole('heading', { name: 'Residentes' }).waitFor();
  await page.getByRole('table', { name: 'Residentes registrados' }).waitFor();
  return page;
}
const rows = (page: Page) => page.getByRole('table', { name: 'Residentes registrados' }).locator('tbody tr');
const alert = (page: Page, title: string) => page.getByRole('alertdialog', { name: title });

describe('Residentes: the list, the code column and status, what a capturista may do', () => {
  it('the administrator searches, reads the code column of the demo residents, and deactivates then reactivates one', async () => {
    const page = await residentsAs('administrador@porton.mx');
    // The faces of the code column, as the demo data seeds them. The seeded valid codes live 15
    // minutes from the demo data's making, and this suite may run later than that: the pending
    // face is checked on a code resent now. No face shows the code: it goes only by mail.
    await page.getByText('Residente no activado').first().waitFor();
    await page.getByText('Código activado').first().waitFor();
    const expired = rows(page)
      .filter({ has: page.getByRole('button', { name: 'Reenviar código' }) })
      .first();
    const expiredEmail = (await expired.locator('td').first().textContent())!.trim();
    const resentRow = rows(page).filter({ hasText: expiredEmail });
    await resentRow.getByRole('button', { name: 'Reenviar código' }).click();
    await alert(page, '¡Correcto!').getByRole('button', { name: 'Aceptar' }).click();
    const resent = (await resentRow.locator('td:nth-child(5)').textContent())!;
    expect(resent).toMatch(/^Código enviado · vence a las \d{2}:\d{2}$/);
    expect(await resentRow.getByRole('button', { name: 'Reenviar código' }).count()).toBe(0);
    for (const cell of await rows(page).locator('td:nth-child(5)').allTextContents())
      expect(cell).not.toMatch(/\b[A-Z0-9]{6}\b/);
    expect(await rows(page).count()).toBeLessThanOrEqual(15);

    // Enter in 'Buscar residente' runs the search.
    const email = (await rows(page).first().locator('td').first().textContent())!.trim();
    await page.getByRole('textbox', { name: 'Buscar residente' }).fill(email);
    await page.getByRole('textbox', { name: 'Buscar residente' }).press('Enter');
    await expect.poll(() => rows(page).count()).toBe(1);
    const row = rows(page).first();
    expect(await row.textContent()).toContain(email);

    await row.getByRole('button', { name: 'Desactivar' }).click();
    await alert(page, '¡Correcto!').getByRole('button', { name: 'Aceptar' }).click();
    await row.getByText('Inactivo').waitFor();
    await row.getByRole('button', { name: 'Activar' }).click();
    await alert(page, '¡Correcto!').getByRole('button', { name: 'Aceptar' }).click();
    await row.getByRole('button', { name: 'Desactivar' }).waitFor();
    expect(await row.getByText('Inactivo').count()).toBe(0);
    await page.context().close();
  });

  it('a Capturista sees the residents without a delete button', async () => {
    const page = await residentsAs('capturista@porton.mx');
    await rows(page).first().getByRole('button', { name: 'Editar' }).waitFor();
    expect(await page.getByRole('button', { name: 'Eliminar' }).count()).toBe(0);
    await page.context().close();
  });
});
