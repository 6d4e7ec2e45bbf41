import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { EMPTY_LIST_MESSAGE } from '../../../src/web/platform/components/list/list-screen.js';
import { browserSuite, holdRequests, signInAs, type RunningServer } from '../../support/browser.js';

let server: RunningServer;
let browser: Browser;

browserSuite((s, b) => {
  server = s;
  browser = b;
});

async function signedIn(email: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'es-MX' });
  const page = await context.newPage();
  await signInAs(page, server.url, email);
  await page.waitForURL((u) => u.pathname !== '/');
  return page;
}

/** Opens a list and waits for its first page, as a person reading the list would. */
const open = async (page: Page, path: string, title: string) => {
  await page.goto(server.url + path);
  await page.getByRole('heading', { name: title }).waitFor();
  await page.locator('tbody tr').first().waitFor();
  await page.getByRole('status', { name: 'Cargando' }).waitFor({ state: 'detached' });
};
const row = (page: Page, name: string) => page.getByRole('row', { name: new RegExp(name) });
const dialog = (page: Page, title: string) => page.getByRole('dialog', { name: title });

/** Acknowledges the '¡Correcto!' dialog and checks its detail. */
async function acknowledge(page: Page, detail: string) {
  const done = page.getByRole('alertdialog', { name: '¡Correcto!' });
  await done.getByText(detail).waitFor();
  await done.getByRole('button', { name: 'Aceptar' }).click();
  await done.waitFor({ state: 'detached' });
}

async function search(page: Page, placeholder: string, term: string) {
  await page.getByLabel(placeholder).fill(term);
  await page.getByLabel(placeholder).press('Enter');
}

/** Deletes a row through the confirmation ('¿Seguro que deseas eliminar {name}?'). */
async function deleteRow(page: Page, name: string) {
  await row(page, name).getByRole('button', { name: 'Eliminar' }).click();
  const confirm = page.getByRole('alertdialog', { name: `¿Seguro que deseas eliminar ${name}?` });
  await confirm.getByText('No podrás revetir esta acción').waitFor();
  await confirm.getByRole('button', { name: 'Eliminar' }).click();
  await acknowledge(page, `${name} se eliminó correctamente.`);
}

describe('the community administrator keeps zones, streets and common areas', () => {
  it('adds, edits, searches and deletes a zone and a street, choosing the zone then the street', async () => {
    const page = await signedIn('administrador@porton.mx');

    await open(page, '/zones', 'Zonas');
    await row(page, 'Zona Norte').waitFor();
    await page.getByRole('button', { name: 'Agregar zona' }).click();
    await dialog(page, 'Agregar zona').getByRole('button', { name: 'Registrar' }).click();
    await page
      .getByRole('alertdialog', { name: 'Error' })
      .getByText('Por favor, corrige los campos indicados.')
      .waitFor();
    await page.getByRole('alertdialog', { name: 'Error' }).getByRole('button', { name: 'Aceptar' }).click();
    await dialog(page, 'Agregar zona').getByText('Asigna un nombre').waitFor();
    await dialog(page, 'Agregar zona').getByLabel('Nombre').fill('  Zona Poniente ');
    await dialog(page, 'Agregar zona').getByText('Correcto', { exact: true }).waitFor();
    await dialog(page, 'Agregar zona').getByRole('button', { name: 'Registrar' }).click();
    await acknowledge(page, 'La zona se registró correctamente.');
    await row(page, 'Zona Poniente').getByText('Residencial Las Palmas').waitFor();

    await row(page, 'Zona Poniente').getByRole('button', { name: 'Editar' }).click();
    expect(await dialog(page, 'Editar zona').getByLabel('Nombre').inputValue()).toBe('Zona Poniente');
    await dialog(page, 'Editar zona').getByLabel('Nombre').fill('Zona Poniente Alta');
    await dialog(page, 'Editar zona').getByRole('button', { name: 'Actualizar' }).click();
    await acknowledge(page, 'La zona se actualizó correctamente.');
    await row(page, 'Zona Poniente Alta').waitFor();

    await search(page, 'Buscar zona', 'PONIENTE');
    await page.getByRole('row', { name: /Zona Norte/ }).waitFor({ state: 'detached' });
    // The search answers after the typed row was already listed: wait for the filtered page.
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    await search(page, 'Buscar zona', 'no existe');
    await page.getByText(EMPTY_LIST_MESSAGE).waitFor();

    await open(page, '/streets', 'Calles');
    await page.getByRole('button', { name: 'Agregar calle' }).click();
    const add = dialog(page, 'Agregar calle');
    await add.getByRole('button', { name: 'Registrar' }).click();
    await page.getByRole('alertdialog', { name: 'Error' }).getByRole('button', { name: 'Aceptar' }).click();
    await add.getByText('Selecciona una zona.').waitFor();
    await add.getByLabel('Zona').selectOption({ label: 'Zona Poniente Alta' });
    await add.getByLabel('Nombre').fill('Calle Ámbar');
    await add.getByRole('button', { name: 'Registrar' }).click();
    await acknowledge(page, 'La calle se registró correctamente.');
    await row(page, 'Calle Ámbar').getByText('Zona Poniente Alta').waitFor();

    await row(page, 'Calle Ámbar').getByRole('button', { name: 'Editar' }).click();
    const edit = dialog(page, 'Editar calle');
    await edit.getByLabel('Nombre').waitFor();
    // The zones come while the dialog shows ('Cargando zonas…' until then): the street's own is chosen.
    await expect
      .poll(() => edit.getByLabel('Zona').evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.text))
      .toBe('Zona Poniente Alta');
    await edit.getByLabel('Nombre').fill('Calle Ámbar Norte');
    await edit.getByRole('button', { name: 'Actualizar' }).click();
    await acknowledge(page, 'La calle se actualizó correctamente.');
    await search(page, 'Buscar calle', 'ámbar');
    await row(page, 'Calle Ámbar Norte').waitFor();
    // The search answers after the typed row was already listed: wait for the filtered page.
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);

    // The common area's street selector offers only the streets of the zone chosen first.
    await open(page, '/commonareas', 'Áreas comunes');
    await page.getByRole('button', { name: 'Agregar área común' }).click();
    const area = dialog(page, 'Agregar área común');
    await area.getByLabel('Zona').selectOption({ label: 'Zona Poniente Alta' });
    await expect
      .poll(() => area.getByLabel('Calle').locator('option').allInnerTexts())
      .toEqual(['Selecciona una calle', 'Calle Ámbar Norte']);
    await area.getByLabel('Calle').selectOption({ label: 'Calle Ámbar Norte' });
    await area.getByLabel('Número').fill('7a');
    await area.getByLabel('Nombre').fill('Salón Ñandú!');
    await area.getByRole('button', { name: 'Registrar' }).click();
    await page.getByRole('alertdialog', { name: 'Error' }).getByRole('button', { name: 'Aceptar' }).click();
    await area.getByText('Por favor, ingresa un número válido').waitFor();
    await area.getByText('Por favor, ingresa un nombre válido. Solo letras y números son permitidos.').waitFor();
    await area.getByLabel('Número').fill('7');
    await area.getByLabel('Nombre').fill('Salón Ñandú');
    await area.getByRole('button', { name: 'Registrar' }).click();
    await acknowledge(page, 'El área común se registró correctamente.');
    await row(page, 'Salón Ñandú').getByText('Calle Ámbar Norte #7').waitFor();

    // A zone that still has streets is not deleted: the server's reason is shown.
    await open(page, '/zones', 'Zonas');
    await row(page, 'Zona Poniente Alta').getByRole('button', { name: 'Eliminar' }).click();
    await page
      .getByRole('alertdialog', { name: '¿Seguro que deseas eliminar Zona Poniente Alta?' })
      .getByRole('button', { name: 'Eliminar' })
      .click();
    const refused = page.getByRole('alertdialog', { name: 'No es posible eliminar' });
    await refused.getByText(/calles/).waitFor();
    await refused.getByRole('button', { name: 'Aceptar' }).click();
    await row(page, 'Zona Poniente Alta').waitFor();

    await open(page, '/commonareas', 'Áreas comunes');
    await deleteRow(page, 'Salón Ñandú');
    await open(page, '/streets', 'Calles');
    await deleteRow(page, 'Calle Ámbar Norte');
    await row(page, 'Calle Ámbar Norte').waitFor({ state: 'detached' });
    await open(page, '/zones', 'Zonas');
    await deleteRow(page, 'Zona Poniente Alta');
    await row(page, 'Zona Poniente Alta').waitFor({ state: 'detached' });
    await page.context().close();
  });
});

describe('Agregar does not wait for the list', () => {
  it("'Agregar zona' pressed while the zones still load opens the empty form at once; closed, the list asks that page again and shows it", async () => {
    const page = await signedIn('administrador@porton.mx');
    // The zones' pages are held back, as on a slow connection, until the form has been used.
    const pages = await holdRequests(page, '**/api/zones?*');
    await page.goto(`${server.url}/zones`);
    await page.getByRole('heading', { name: 'Zonas' }).waitFor();
    await expect.poll(pages.held, { message: "the zones' first page was asked for" }).toBe(1);
    await page.getByRole('button', { name: 'Agregar zona' }).click();
    const form = dialog(page, 'Agregar zona');
    await form.waitFor();
    await expect(form.getByLabel(/Nombre/).inputValue()).resolves.toBe('');
    await form.getByRole('button', { name: 'Cancelar' }).click();
    await form.waitFor({ state: 'detached' });
    // Closed, the form gives way to the page the list was waiting for, asked again.
    await expect.poll(pages.held, { message: 'the page was asked again after the form' }).toBe(2);
    pages.release();
    await row(page, 'Zona Norte').waitFor();
    await page.context().close();
  });
});

describe('a Capturista (type 2) never sees a delete button', () => {
  it('adds and edits on gates, zones, streets and common areas but has no Eliminar', async () => {
    const page = await signedIn('capturista@porton.mx');
    for (const [path, title, noun, sample] of [
      ['/zones', 'Zonas', 'zona', 'Zona Norte'],
      ['/streets', 'Calles', 'calle', 'Calle Roble'],
      ['/gates', 'Puertas de acceso', 'puerta de acceso', null],
      ['/commonareas', 'Áreas comunes', 'área común', null],
    ] as const) {
      await open(page, path, title);
      await page.getByRole('button', { name: `Agregar ${noun}` }).waitFor();
      if (sample) await row(page, sample).getByRole('button', { name: 'Editar' }).waitFor();
      else await page.locator('table, [data-testid="empty-list"]').first().waitFor();
      expect(await page.getByRole('button', { name: 'Eliminar' }).count(), path).toBe(0);
    }
    await page.context().close();
  });
});

describe('colours belong to the general administrator (guards)', () => {
  it('admin@porton.mx adds, edits, searches and deletes a colour', async () => {
    const page = await signedIn('admin@porton.mx');
    await open(page, '/colors', 'Colores');
    await page.getByRole('button', { name: 'Agregar color' }).click();
    await dialog(page, 'Agregar color').getByLabel('Nombre').fill('Verde olivo');
    await dialog(page, 'Agregar color').getByRole('button', { name: 'Registrar' }).click();
    await acknowledge(page, 'El color se registró correctamente.');
    await search(page, 'Buscar color', 'olivo');
    await row(page, 'Verde olivo').getByRole('button', { name: 'Editar' }).click();
    await dialog(page, 'Editar color').getByLabel('Nombre').fill('Verde militar');
    await dialog(page, 'Editar color').getByRole('button', { name: 'Actualizar' }).click();
    await acknowledge(page, 'El color se actualizó correctamente.');
    await search(page, 'Buscar color', 'militar');
    await row(page, 'Verde militar').waitFor();
    await deleteRow(page, 'Verde militar');
    await page.getByText(EMPTY_LIST_MESSAGE).waitFor();
    await page.context().close();
  });

  it('anyone else who opens /colors, /carbrands or /users-types lands on /home', async () => {
    for (const email of ['administrador@porton.mx', 'capturista@porton.mx']) {
      const page = await signedIn(email);
      for (const path of ['/colors', '/carbrands', '/users-types']) {
        await page.goto(server.url + path);
        await page.waitForURL(`${server.url}/home`);
        expect(await page.getByRole('heading', { name: 'Colores' }).count()).toBe(0);
      }
      await page.context().close();
    }
  });
});
