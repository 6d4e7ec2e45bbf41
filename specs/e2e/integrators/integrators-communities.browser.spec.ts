import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LICENCE_EXPIRED } from '../../../src/shared/platform/errors.js';
import { SignInMessages } from '../../../src/shared/session/sign-in-rules.js';
import { signInAs, type RunningServer, browserSuite } from '../../support/browser.js';

let server: RunningServer;
let browser: Browser;

browserSuite((s, b) => {
  server = s;
  browser = b;
});

async function signedIn(email: string, password?: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'es-MX' });
  const page = await context.newPage();
  await signInAs(page, server.url, email, password);
  await page.waitForURL((u) => u.pathname !== '/');
  return page;
}
/** The control labelled `label` (its required mark aside). */
const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}\\s*\\*?$`));
const row = (page: Page, text: string) => page.getByRole('row', { name: new RegExp(text) });
const alert = (page: Page, title: string) => page.getByRole('alertdialog', { name: title });

/** Types a postal code and waits for its colonies, then chooses one. */
async function address(page: Page, cp: string, colony: string) {
  await field(page, 'Código postal').fill(cp);
  await expect.poll(() => field(page, 'Colonia').locator('option').allTextContents()).toContain(colony);
  await field(page, 'Colonia').selectOption({ label: colony });
}

describe('integrators and their communities (Integrators and Communities)', () => {
  it('the general administrator registers an integrator, who signs in with the access code and sees its licences', async () => {
    const admin = await signedIn('admin@porton.mx');
    await admin.goto(`${server.url}/integrators`);
    await row(admin, 'integrador@porton.mx').waitFor();
    await admin.getByRole('button', { name: 'Alta integrador' }).click();
    await admin.getByRole('heading', { name: 'Alta integrador' }).waitFor();
    expect(new URL(admin.url()).pathname).toBe('/newIntegrator');

    // An empty submit marks the fields with the spec's messages.
    await admin.getByRole('button', { name: 'Registrar' }).click();
    await alert(admin, 'Error').getByRole('button', { name: 'Aceptar' }).click();
    await admin.getByText('Por favor, introduce un nombre').waitFor();
    await admin.getByText('Por favor, introduce un apellido').waitFor();

    await field(admin, 'Nombre').fill('Laura');
    await field(admin, 'Apellidos').fill('Campos Ruiz');
    await field(admin, 'Correo electrónico').fill('laura.campos@integra.mx');
    await field(admin, 'Teléfono').fill('5512345678');
    await address(admin, '01000', 'San Ángel');
    await expect.poll(() => field(admin, 'Ciudad').inputValue()).toBe('Álvaro Obregón');
    expect(await field(admin, 'Estado').inputValue()).toBe('Ciudad de México');
    await field(admin, 'Calle').fill('Av. Revolución');
    await field(admin, 'Número exterior').fill('1200');
    await field(admin, 'Cantidad de licencias').fill('50');
    await admin.getByRole('button', { name: 'Registrar' }).click();

    const created = alert(admin, 'Integrador creado correctamente');
    const detail = await created.getByText(/Codigo de accesso: /).textContent();
    const code = detail!.replace('Codigo de accesso: ', '').trim();
    expect(code.length).toBeGreaterThanOrEqual(6);
    await created.getByRole('button', { name: 'Aceptar' }).click();
    await admin.waitForURL((u) => u.pathname === '/integrators');
    const newRow = row(admin, 'laura.campos@integra.mx');
    await newRow.waitFor();
    expect(await newRow.textContent()).toContain('Av. Revolución #1200, San Ángel, Álvaro Obregón, Ciudad de México');

    const integrator = await signedIn('laura.campos@integra.mx', code);
    expect(new URL(integrator.url()).pathname).toBe('/home');
    await integrator.getByText('Total de licencias disponibles').waitFor();
    await expect.poll(() => integrator.getByTestId('stat-Total de licencias disponibles').textContent()).toBe('50');
    expect(await integrator.getByTestId('stat-Licencias disponibles').textContent()).toBe('50');

    // Editing keeps the record: the form opens filled, and the change shows in the list.
    await row(admin, 'laura.campos@integra.mx').getByRole('button', { name: 'Editar' }).click();
    await admin.getByRole('heading', { name: 'Editar integrador' }).waitFor();
    await expect.poll(() => field(admin, 'Colonia').inputValue()).not.toBe('');
    expect(await field(admin, 'Nombre').inputValue()).toBe('Laura');
    await field(admin, 'Cantidad de licencias').fill('60');
    await admin.getByRole('button', { name: 'Guardar' }).click();
    await alert(admin, 'Integrador actualizado correctamente').getByRole('button', { name: 'Aceptar' }).click();
    await admin.waitForURL((u) => u.pathname === '/integrators');
    await expect.poll(() => row(admin, 'laura.campos@integra.mx').textContent()).toContain('60');
  });

  it("disabling an integrator refuses its communities' users with the spec's message; enabling restores them", async () => {
    const open = await signedIn('administrador@porton.mx');
    const admin = await signedIn('admin@porton.mx');
    await admin.goto(`${server.url}/integrators`);
    const integratorRow = row(admin, 'integrador@porton.mx');
    await integratorRow.getByRole('button', { name: 'Desactivar', exact: true }).click();
    const confirm = alert(admin, '¿Estás seguro de deshabilitar el acceso de Ignacio Ramírez Soto?');
    await confirm
      .getByText('Al deshabilitar este integrador, se deshabilitarán los accesos de sus fraccionamientos')
      .waitFor();
    await confirm.getByRole('button', { name: 'Desactivar', exact: true }).click();
    await integratorRow.getByRole('button', { name: 'Activar', exact: true }).waitFor();
    expect(await integratorRow.getByRole('button', { name: 'Activar', exact: true }).textContent()).toBe('N/A');

    // An open session stops working; a new sign-in is refused with the spec's message.
    await open.reload();
    await open.waitForURL((u) => u.pathname === '/');
    const refused = await browser.newContext().then((c) => c.newPage());
    await signInAs(refused, server.url, 'administrador@porton.mx');
    await refused.getByText(SignInMessages.expired).waitFor();

    await integratorRow.getByRole('button', { name: 'Activar', exact: true }).click();
    const enable = alert(admin, '¿Estás seguro de habilitar el acceso de Ignacio Ramírez Soto?');
    await enable.getByText('Al habilitar este integrador, se reanudarán los accesos a sus fraccionamientos').waitFor();
    await enable.getByRole('button', { name: 'Activar', exact: true }).click();
    await integratorRow.getByRole('button', { name: 'Desactivar', exact: true }).waitFor();
    const back = await signedIn('administrador@porton.mx');
    expect(new URL(back.url()).pathname).toBe('/home');
  });

  it('the integrator registers and edits a community within its licences, with a logo', async () => {
    const page = await signedIn('integrador@porton.mx');
    await page.goto(`${server.url}/fracs`);
    await row(page, 'Residencial Las Palmas').waitFor();
    await page.getByRole('button', { name: 'Alta fraccionamiento' }).click();
    await page.getByRole('heading', { name: 'Alta fraccionamiento' }).waitFor();
    await field(page, 'Nombre del fraccionamiento').fill('Lomas del Centro');
    await address(page, '76000', 'Centro');
    await field(page, 'Calle').fill('Calle Hidalgo');
    await field(page, 'Número exterior').fill('45');
    await field(page, 'Administrador de fraccionamiento').selectOption({ label: 'Adriana Morales Peña' });
    // 400 given, 250 assigned: 200 more is refused with the server's reason, and nothing typed is lost.
    await field(page, 'Cantidad de licencias').fill('200');
    await page.getByRole('button', { name: 'Registrar' }).click();
    const refused = alert(page, 'No es posible registrar al fraccionamiento');
    await refused.waitFor();
    expect((await refused.textContent())!.length).toBeGreaterThan(
      'No es posible registrar al fraccionamiento'.length + 'Aceptar'.length,
    );
    await refused.getByRole('button', { name: 'Aceptar' }).click();
    expect(await field(page, 'Nombre del fraccionamiento').inputValue()).toBe('Lomas del Centro');
    await field(page, 'Cantidad de licencias').fill('20');
    await page.getByRole('button', { name: 'Registrar' }).click();
    await alert(page, 'fraccionamiento creado correctamente').getByRole('button', { name: 'Aceptar' }).click();
    await page.waitForURL((u) => u.pathname === '/fracs');
    await row(page, 'Lomas del Centro').waitFor();

    await row(page, 'Lomas del Centro').getByRole('button', { name: 'Editar' }).click();
    await page.getByRole('heading', { name: 'Editar fraccionamiento' }).waitFor();
    await expect.poll(() => field(page, 'Cantidad de licencias').inputValue()).toBe('20');
    expect(await field(page, 'Colonia').locator('option:checked').textContent()).toBe('Centro');
    await field(page, 'Cantidad de licencias').fill('30');
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    await page.getByLabel('Archivo del logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
    await page.getByAltText('Vista previa del logo').waitFor();
    await page.getByRole('button', { name: 'Guardar' }).click();
    await alert(page, 'fraccionamiento actualizado correctamente').getByRole('button', { name: 'Aceptar' }).click();
    await page.waitForURL((u) => u.pathname === '/fracs');
    await expect.poll(() => row(page, 'Lomas del Centro').textContent()).toContain('30');

    // The saved logo comes back on edit; the licence cards count the new community.
    await row(page, 'Lomas del Centro').getByRole('button', { name: 'Editar' }).click();
    await page.getByAltText('Vista previa del logo').waitFor();
    await page.goto(`${server.url}/home`);
    await expect.poll(() => page.getByTestId('stat-Licencias asignadas').textContent()).toBe('280');
    expect(await page.getByTestId('stat-Licencias disponibles').textContent()).toBe('120');
  });

  it('the integrator disables a community from its list: its members are refused in Spanish; the licence cards keep their numbers; enabling restores them', async () => {
    const integrator = await signedIn('integrador@porton.mx');
    await integrator.goto(`${server.url}/home`);
    const assigned = integrator.getByTestId('stat-Licencias asignadas');
    await expect.poll(() => assigned.textContent()).toMatch(/\d/);
    const before = await assigned.textContent();
    const open = await signedIn('capturista@porton.mx');

    await integrator.goto(`${server.url}/fracs`);
    const palmas = row(integrator, 'Residencial Las Palmas');
    await palmas.getByRole('button', { name: 'Desactivar', exact: true }).click();
    const confirm = alert(integrator, '¿Estás seguro de deshabilitar Residencial Las Palmas?');
    await confirm.getByRole('button', { name: 'Desactivar', exact: true }).click();
    await palmas.getByText('Deshabilitado').waitFor();
    expect(await palmas.getByRole('button', { name: 'Activar', exact: true }).textContent()).toBe('N/A');

    await open.reload();
    await open.waitForURL((u) => u.pathname === '/');
    const refused = await browser.newContext().then((c) => c.newPage());
    await signInAs(refused, server.url, 'capturista@porton.mx');
    await refused.getByText(LICENCE_EXPIRED).waitFor();

    await integrator.goto(`${server.url}/home`);
    await expect.poll(() => assigned.textContent()).toBe(before);
    await integrator.goto(`${server.url}/fracs`);
    await palmas.getByRole('button', { name: 'Activar', exact: true }).click();
    await alert(integrator, '¿Estás seguro de habilitar Residencial Las Palmas?')
      .getByRole('button', { name: 'Activar', exact: true })
      .click();
    await palmas.getByText('Activo').waitFor();
    const back = await signedIn('capturista@porton.mx');
    expect(new URL(back.url()).pathname).toBe('/home');
  });
});
