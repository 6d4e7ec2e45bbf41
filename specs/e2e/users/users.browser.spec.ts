import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signInAs, type RunningServer, browserSuite } from '../../support/browser.js';

let server: RunningServer;
let browser: Browser;

browserSuite((s, b) => {
  server = s;
  browser = b;
});

async function usersAs(email: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'es-MX' });
  const page = await context.newPage();
  await signInAs(page, server.url, email);
  await page.waitForURL((u) => u.pathname !== '/');
  await page.goto(`${server.url}/users`);
  await page.getByRole('table', { name: 'Usuarios registrados' }).waitFor();
  return page;
}

const row = (page: Page, text: string) => page.getByRole('row', { name: new RegExp(text) });
const modal = (page: Page, title: string) => page.getByRole('dialog', { name: title });
const labelled = (scope: ReturnType<typeof modal>, label: string) => scope.getByLabel(new RegExp(`^${label}\\s*\\*?$`));

/** A result dialog with `title` and `detail`, closed with 'Aceptar'. */
async function answer(page: Page, title: string, detail: string) {
  const dialog = page.getByRole('alertdialog', { name: title });
  await dialog.getByText(detail).waitFor();
  await dialog.getByRole('button', { name: 'Aceptar' }).click();
  await dialog.waitFor({ state: 'detached' });
}

async function addUser(page: Page, type: string, fields: Record<string, string>) {
  await page.getByRole('button', { name: 'Agregar usuario' }).click();
  const form = modal(page, 'Agregar usuario');
  await labelled(form, 'Tipo de usuario').selectOption({ label: type });
  for (const [label, value] of Object.entries(fields)) await labelled(form, label).fill(value);
  await form.getByRole('button', { name: 'Registrar' }).click();
}

describe('Usuarios in Chromium', () => {
  it('the community administrator creates a guard and a capturista, edits one and deletes one', async () => {
    const page = await usersAs('administrador@porton.mx');
    await row(page, 'capturista@porton.mx').waitFor();
    expect(await page.getByText('contratista@porton.mx').count()).toBe(0);

    await addUser(page, 'Vigilante', { Código: 'QW12', Nombre: 'Gerardo', Apellidos: 'Ruiz Paz' });
    await answer(page, '¡Correcto!', 'El usuario se registró correctamente.');
    await row(page, 'QW12').getByText('Gerardo Ruiz Paz').waitFor();

    await addUser(page, 'Capturista', {
      'Correo electrónico': 'laura.capturista@porton.mx',
      Nombre: 'Laura',
      Apellidos: 'Pérez Gómez',
    });
    await answer(
      page,
      '¡Correcto!',
      'El usuario se registró correctamente. Enviamos a laura.capturista@porton.mx el enlace para elegir su contraseña.',
    );
    await row(page, 'laura.capturista@porton.mx').waitFor();

    // The same code again: 409.
    await addUser(page, 'Vigilante', { Código: 'qw12', Nombre: 'Otro', Apellidos: 'Guardia Uno' });
    await answer(page, 'El código ya existe', 'Es posible que este código ya esté registrado.');
    await modal(page, 'Agregar usuario').getByRole('button', { name: 'Cancelar' }).click();

    // Edit: type and email locked, the name changes.
    await row(page, 'laura.capturista@porton.mx').getByRole('button', { name: 'Editar' }).click();
    const edit = modal(page, 'Editar usuario');
    await expect.poll(() => labelled(edit, 'Nombre').inputValue()).toBe('Laura');
    expect(await labelled(edit, 'Tipo de usuario').isDisabled()).toBe(true);
    expect(await labelled(edit, 'Correo electrónico').isDisabled()).toBe(true);
    await labelled(edit, 'Nombre').fill('Laura Elena');
    await edit.getByRole('button', { name: 'Actualizar' }).click();
    await answer(page, '¡Correcto!', 'El usuario se actualizó correctamente.');
    await row(page, 'laura.capturista@porton.mx').getByText('Laura Elena Pérez Gómez').waitFor();

    // Delete the guard; its code then belongs to a deleted user: 410.
    await row(page, 'QW12').getByRole('button', { name: 'Eliminar' }).click();
    const confirm = page.getByRole('alertdialog', { name: '¿Seguro que deseas eliminar Gerardo Ruiz Paz?' });
    await confirm.getByRole('button', { name: 'Eliminar' }).click();
    await answer(page, '¡Correcto!', 'Gerardo Ruiz Paz se eliminó correctamente.');
    await row(page, 'QW12').waitFor({ state: 'detached' });
    await addUser(page, 'Vigilante', { Código: 'QW12', Nombre: 'Gerardo', Apellidos: 'Ruiz Paz' });
    await answer(page, 'Código no disponible', 'Este código pertenece a un usuario eliminado; usa otro código.');
  });

  it('the integrator creates a community administrator with the address of its postal code', async () => {
    const page = await usersAs('integrador@porton.mx');
    await page.getByRole('button', { name: 'Agregar usuario' }).click();
    const form = modal(page, 'Agregar usuario');
    expect(await labelled(form, 'Tipo de usuario').locator('option').allTextContents()).toEqual([
      'Selecciona un tipo de usuario',
      'Administrador de fraccionamiento',
      'Integrador',
    ]);
    await labelled(form, 'Tipo de usuario').selectOption({ label: 'Administrador de fraccionamiento' });
    await labelled(form, 'Correo electrónico').fill('mario.vega@porton.mx');
    await labelled(form, 'Nombre').fill('Mario');
    await labelled(form, 'Apellidos').fill('Vega Ortiz');
    await labelled(form, 'Código postal').fill('01000');
    await expect.poll(() => labelled(form, 'Ciudad').inputValue()).toBe('Álvaro Obregón');
    expect(await labelled(form, 'Estado').inputValue()).toBe('Ciudad de México');
    await labelled(form, 'Colonia').selectOption({ label: 'San Ángel' });
    await labelled(form, 'Calle').fill('Av. Revolución');
    await labelled(form, 'Número exterior').fill('1500');
    await form.getByRole('button', { name: 'Registrar' }).click();
    await answer(
      page,
      '¡Correcto!',
      'El usuario se registró correctamente. Enviamos a mario.vega@porton.mx el enlace para elegir su contraseña.',
    );
    await row(page, 'mario.vega@porton.mx').getByText('Administrador de fraccionamiento').waitFor();
    // Reopened, the stored address shows again.
    await row(page, 'mario.vega@porton.mx').getByRole('button', { name: 'Editar' }).click();
    const edit = modal(page, 'Editar usuario');
    await expect.poll(() => labelled(edit, 'Colonia').inputValue()).not.toBe('');
    expect(await labelled(edit, 'Calle').inputValue()).toBe('Av. Revolución');
  });

  it('the community administrator saves the administrative visits configuration, then updates it', async () => {
    const page = await usersAs('administrador@porton.mx');
    const open = async () => {
      await page.getByRole('button', { name: 'Configuración visitas administrativas' }).click();
      const form = modal(page, 'Configuración visitas administrativas');
      await expect.poll(() => labelled(form, 'Zona').isEnabled()).toBe(true);
      return form;
    };
    let form = await open();
    await form.getByRole('button', { name: 'Guardar' }).click();
    await answer(page, 'Error', 'Por favor, corrige los campos indicados.');
    for (const message of [
      'El nombre es obligatorio.',
      'Los apellidos son obligatorios.',
      'El email es obligatorio.',
      'La zona es obligatoria.',
      'La calle es obligatoria.',
      'El número del domicilio es obligatorio.',
    ]) {
      await form.getByText(message).waitFor();
    }
    await labelled(form, 'Nombre').fill('Caseta');
    await labelled(form, 'Apellidos').fill('Principal');
    await labelled(form, 'Correo electrónico').fill('caseta@porton.mx');
    await labelled(form, 'Zona').selectOption({ label: 'Zona Norte' });
    await expect.poll(() => labelled(form, 'Calle').locator('option').allTextContents()).toContain('Calle Roble');
    await labelled(form, 'Calle').selectOption({ label: 'Calle Roble' });
    await labelled(form, 'Número del domicilio').fill('1');
    const post = page.waitForResponse(
      (r) => r.request().method() === 'POST' && r.url().includes('administrativeResident'),
    );
    await form.getByRole('button', { name: 'Guardar' }).click();
    expect((await post).status()).toBe(201);
    await answer(page, '¡Correcto!', 'Visita administrativa registrada correctamente.');

    form = await open();
    await expect.poll(() => labelled(form, 'Calle').inputValue()).not.toBe('');
    expect(await labelled(form, 'Nombre').inputValue()).toBe('Caseta');
    await labelled(form, 'Número del domicilio').fill('2');
    // Once it exists, saving is a PUT to /{fracId} (200).
    const put = page.waitForResponse(
      (r) => r.request().method() === 'PUT' && /administrativeResident\/[^/]+$/.test(r.url()),
    );
    await form.getByRole('button', { name: 'Guardar' }).click();
    expect((await put).status()).toBe(200);
    await answer(page, '¡Correcto!', 'Visita administrativa registrada correctamente.');
  });
});
