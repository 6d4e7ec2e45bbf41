import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserSuite, signInAs, type RunningServer } from '../../support/browser.js';
import { PNG_BASE64 } from '../../support/community-fixtures.js';

let server: RunningServer;
let browser: Browser;

browserSuite((s, b) => {
  server = s;
  browser = b;
});

async function pageAs(email: string, path: string): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 1440, height: 1100 },
    locale: 'es-MX',
    timezoneId: 'America/Mexico_City',
  });
  const page = await context.newPage();
  await signInAs(page, server.url, email);
  await page.waitForURL((u) => u.pathname !== '/');
  await page.goto(`${server.url}${path}`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  return page;
}
const labelled = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}\\s*\\*?$`));
const alert = (page: Page, title: string) => page.getByRole('alertdialog', { name: title });
/** A Chakra checkbox by its exact label, and whether it is checked. */
const checkbox = (page: Page, label: string) =>
  page
    .locator('label')
    .filter({ has: page.getByText(label, { exact: true }) })
    .first();
const isChecked = async (page: Page, label: string) =>
  (await checkbox(page, label).getAttribute('data-state')) === 'checked';

/** A minute ago on the communities' clock (spec 3 dates are wall-clock times), as YYYY-MM-DDTHH:mm:ss. */
function communityNow() {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: 'America/Mexico_City',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(Date.now() - 60_000))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`;
}

/** Signs in through the API, as the resident app does. */
async function tokenOf(email: string) {
  const basic = `Basic ${Buffer.from('porton-web:porton-web-secret').toString('base64')}`;
  const res = await fetch(`${server.url}/oauth/token`, {
    method: 'POST',
    headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username: email, password: 'Porton2026' }).toString(),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

describe('Avisos and Ajustes in Chromium', () => {
  it('the administrator creates a notice for one resident of Calle Roble with an image; the resident reads it and its image', async () => {
    const page = await pageAs('administrador@porton.mx', '/notices');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Avisos');
    await page.getByRole('table', { name: 'Avisos del fraccionamiento' }).waitFor();
    await page.getByRole('button', { name: 'Nuevo aviso' }).click();
    await page.waitForURL((u) => u.pathname === '/newNotice');
    await page.getByRole('heading', { level: 1, name: 'Nuevo aviso' }).waitFor();

    const title = `Entrega de paquetería ${Date.now()}`;
    await labelled(page, 'Título').fill(title);
    await labelled(page, 'Descripción').fill('Tu paquete está en la caseta.');
    await page.getByText('29/1500').waitFor();
    // The end picker waits for a start.
    expect(await labelled(page, 'Fecha de término').isDisabled()).toBe(true);
    const start = communityNow();
    await labelled(page, 'Fecha de inicio').fill(start);
    expect(await labelled(page, 'Fecha de término').getAttribute('min')).toBe(start);
    await labelled(page, 'Fecha de término').fill('2099-12-31T20:00:00');

    const zone = labelled(page, 'Zona');
    await expect.poll(() => zone.locator('option').count()).toBeGreaterThan(1);
    await zone.selectOption({ label: 'Zona Norte' });
    const street = labelled(page, 'Calle');
    await expect.poll(() => street.locator('option').count()).toBeGreaterThan(1);
    await street.selectOption({ label: 'Calle Roble' });
    const resident = labelled(page, 'Residente');
    await expect.poll(() => resident.locator('option').allTextContents()).toContain('Rosa Martínez Cruz');
    await resident.selectOption({ label: 'Rosa Martínez Cruz' });

    await page
      .getByLabel('Archivo de la imagen')
      .setInputFiles({ name: 'paquete.png', mimeType: 'image/png', buffer: Buffer.from(PNG_BASE64, 'base64') });
    await page.getByRole('img', { name: 'Vista previa de la imagen' }).waitFor();
    await page.getByRole('button', { name: 'Registrar' }).click();
    const done = alert(page, 'Correcto');
    await done.getByText('Aviso creado correctamente').waitFor();
    await done.getByRole('button', { name: 'Aceptar' }).click();
    await page.waitForURL((u) => u.pathname === '/notices');
    await page.getByRole('cell', { name: title }).waitFor();

    // The resident app's read: Rosa gets the notice addressed to her, and its image.
    const rosa = await tokenOf('residente@porton.mx');
    const listed = await (
      await fetch(`${server.url}/api/notices?page=0&search=${encodeURIComponent(title)}`, {
        headers: { authorization: `Bearer ${rosa}` },
      })
    ).json();
    expect(listed.content).toHaveLength(1);
    const image = await fetch(`${server.url}${listed.content[0].file.publicUrl}`, {
      headers: { authorization: `Bearer ${rosa}` },
    });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');

    // Editing shows the stored image, the segments and 'Editar aviso'.
    await page.getByRole('row').filter({ hasText: title }).getByRole('button', { name: 'Editar' }).click();
    await page.getByRole('heading', { name: 'Editar aviso' }).waitFor();
    await page.getByRole('img', { name: 'Vista previa de la imagen' }).waitFor();
    await expect.poll(() => labelled(page, 'Residente').inputValue()).not.toBe('');
    expect(await labelled(page, 'Título').inputValue()).toBe(title);
  });

  it("a capturista sees the notices but no 'Eliminar'; the administrator does", async () => {
    const capturista = await pageAs('capturista@porton.mx', '/notices');
    await capturista.getByRole('cell', { name: 'Mantenimiento de la alberca' }).waitFor();
    expect(await capturista.getByRole('button', { name: 'Editar' }).count()).toBeGreaterThan(0);
    expect(await capturista.getByRole('button', { name: 'Eliminar' }).count()).toBe(0);
    const admin = await pageAs('administrador@porton.mx', '/notices');
    await admin.getByRole('cell', { name: 'Mantenimiento de la alberca' }).waitFor();
    expect(await admin.getByRole('button', { name: 'Eliminar' }).count()).toBeGreaterThan(0);
  });

  it("Ajustes: read-only until 'Editar'; the toggle rules; 'Guardar' shows 'La configuración ha sido guardada' and the reload keeps it", async () => {
    const page = await pageAs('administrador@porton.mx', '/configuration');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Ajustes');
    const message = page.getByRole('textbox');
    expect(await message.isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Editar' }).click();
    expect(await message.isDisabled()).toBe(false);

    // Turning the address off clears place and common area, and 'Todo' shows off.
    expect(await isChecked(page, 'Todo')).toBe(true);
    await checkbox(page, 'Dirección').click();
    await expect.poll(() => isChecked(page, 'Lugar')).toBe(false);
    expect(await isChecked(page, 'Área común')).toBe(false);
    expect(await isChecked(page, 'Todo')).toBe(false);

    // A blank message is refused with the spec's text.
    await message.fill('   ');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page
      .getByText('El mensaje no puede ser vacío, por favor establece un mensaje para tus invitaciones')
      .waitFor();

    const text = 'Te espero, genera tu código de acceso.';
    await message.fill(text);
    await page.getByText(`${text.length}/80`).waitFor();
    await page.locator('select[name="invitationValidity"]').selectOption('24');
    await page.locator('select[name="frequentValidity"]').selectOption('MONTHS:3');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await alert(page, 'La configuración ha sido guardada').getByRole('button', { name: 'Aceptar' }).click();
    await page.getByRole('button', { name: 'Editar' }).waitFor();
    expect(await message.inputValue()).toBe(text);

    await page.reload();
    await page.getByRole('button', { name: 'Editar' }).waitFor();
    expect(await page.getByRole('textbox').inputValue()).toBe(text);
    expect(await page.locator('select[name="invitationValidity"]').inputValue()).toBe('24');
    expect(await page.locator('select[name="frequentValidity"]').inputValue()).toBe('MONTHS:3');
    expect(await isChecked(page, 'Dirección')).toBe(false);

    // 'Cancelar' restores what was loaded.
    await page.getByRole('button', { name: 'Editar' }).click();
    await page.getByRole('textbox').fill('Otro mensaje');
    await page.getByRole('button', { name: 'Cancelar' }).click();
    expect(await page.getByRole('textbox').inputValue()).toBe(text);
  });
});
