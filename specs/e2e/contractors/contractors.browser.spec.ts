import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { siteToday } from '../../../src/shared/contractors/construction-rules.js';
import { addHours } from '../../../src/shared/massive-events/massive-event-rules.js';
import { browserSuite, signInAs, type RunningServer } from '../../support/browser.js';

let server: RunningServer;
let browser: Browser;
browserSuite((s, b) => {
  server = s;
  browser = b;
});

async function pageAs(email: string, query = ''): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'es-MX' });
  const page = await context.newPage();
  await signInAs(page, server.url, email, undefined, query);
  await page.waitForURL((u) => u.pathname !== '/');
  return page;
}

/** A result dialog with `title`, closed with 'Aceptar'. */
async function answer(page: Page, title: string) {
  const dialog = page.getByRole('alertdialog', { name: title });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'Aceptar' }).click();
  await dialog.waitFor({ state: 'detached' });
}

const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}\\s*\\*?$`));
const day = (days: number) => addHours(`${siteToday()}T12:00:00`, days * 24).slice(0, 10);

describe('Contratistas de obra and Obras in Chromium (contractor sign-in)', () => {
  it('the administrator registers a contractor and a site; the contractor signs in at /?type=contractor and sees the site', async () => {
    const admin = await pageAs('administrador@porton.mx');
    await admin.goto(`${server.url}/contractors`);
    await admin.getByRole('table', { name: 'Contratistas registrados' }).waitFor();
    await admin.getByRole('button', { name: 'Registrar contratista' }).click();
    await admin.getByRole('heading', { name: 'Registrar contratista' }).waitFor();
    for (const [label, value] of [
      ['Nombre', 'Ramiro'],
      ['Apellidos', 'Guzmán Peña'],
      ['Correo electrónico', 'ramiro.guzman@correo.mx'],
      ['Empresa', 'Edificaciones Guzmán'],
      ['Calle', 'Av. Juárez'],
      ['Número', '455'],
    ] as const)
      await field(admin, label).fill(value);
    // The postal-code lookup fills the city.
    await field(admin, 'Código postal').fill('64000');
    await expect.poll(() => field(admin, 'Ciudad').inputValue(), { timeout: 10_000 }).toBe('Monterrey');
    await admin.getByRole('button', { name: 'Registrar', exact: true }).click();
    await answer(admin, 'Contratista creado correctamente');
    await admin
      .getByRole('row', { name: /Ramiro Guzmán Peña/ })
      .getByText('Monterrey, Av. Juárez, #455, C.P.:64000')
      .waitFor();

    // Resending to two at once is refused.
    await admin.getByLabel('Seleccionar a Ramiro Guzmán Peña').click();
    await admin.getByLabel('Seleccionar a Constantino Flores Vega').click();
    await admin.getByRole('button', { name: 'Reenviar código' }).click();
    await admin.getByText('No se puede reenviar el código a más de un contratista a la vez.').waitFor();
    await answer(admin, 'No se puede realizar la siguiente acción');

    await admin.goto(`${server.url}/createConstruction`);
    await admin.getByRole('heading', { name: 'Registrar obra' }).waitFor();
    await field(admin, 'Nombre de la obra').fill('Casa Jardín Norte');
    await field(admin, 'Contratista').selectOption({ label: 'Constantino Flores Vega (Constructora Flores)' });
    await field(admin, 'Calle').selectOption({ label: 'Calle Pino' });
    await field(admin, 'Número de obra').fill('88');
    await field(admin, 'Número de terreno').fill('T-88');
    // The end picker waits for a start.
    expect(await field(admin, 'Fecha de fin').isDisabled()).toBe(true);
    await field(admin, 'Fecha de inicio').fill(day(2));
    await field(admin, 'Fecha de fin').fill(day(60));
    await admin.getByRole('button', { name: 'Registrar', exact: true }).click();
    await answer(admin, '¡Registro exitoso!');
    await admin.waitForURL((u) => u.pathname === '/constructions');
    await admin.getByRole('row', { name: /Casa Jardín Norte/ }).waitFor();

    const contractor = await pageAs('contratista@porton.mx', '?type=contractor');
    expect(new URL(contractor.url()).pathname).toBe('/constructions_contractor');
    const row = contractor.getByRole('row', { name: /Casa Jardín Norte/ });
    await row.waitFor();
    await row.getByRole('link', { name: 'Agregar trabajador' }).waitFor();
    // Its own sites only: the menu has just 'Obras'.
    await contractor.goto(`${server.url}/contractors`);
    await contractor.waitForURL((u) => u.pathname === '/constructions_contractor');
  });
});
