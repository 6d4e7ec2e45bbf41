import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserSuite, signInAs, type RunningServer } from '../../support/browser.js';

let server: RunningServer;
let browser: Browser;

browserSuite((s, b) => {
  server = s;
  browser = b;
});

const TITLE = 'Graduación de la generación 2026';
const alert = (page: Page, title: string) => page.getByRole('alertdialog', { name: title });
// A Latin-1 CSV (as Excel writes it in Spanish): accents must survive the import.
const CSV = Buffer.from(
  'Nombre,Apellidos,Teléfono,Correo Electrónico\r\nJosé,Peña,5512345678,jose@correo.mx\r\nMaría,Núñez,,\r\nIván,Ríos,5599887766,\r\n',
  'latin1',
);

async function eventRow(page: Page, title: string) {
  await page.getByRole('table', { name: 'Eventos registrados' }).waitFor();
  return page.getByRole('row').filter({ hasText: title });
}

describe('Eventos masivos (wizard, list, session and discard)', () => {
  it('creates an event through the 3 steps with an imported file, edits it, discards, and finds it restored', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 1000 }, locale: 'es-MX' });
    const page = await context.newPage();
    await signInAs(page, server.url, 'administrador@porton.mx');
    await page.waitForURL((u) => u.pathname !== '/');
    await page.goto(`${server.url}/massiveEvents`);
    await page.getByRole('heading', { name: 'Eventos masivos' }).waitFor();
    await page.getByRole('button', { name: 'Crear evento masivo' }).click();

    // Step 1: the event's data; Siguiente creates it.
    await page.getByRole('heading', { name: 'Crear evento masivo' }).waitFor();
    await page.getByLabel('Título del evento').fill(TITLE);
    await page.getByLabel('Lugar').selectOption({ label: 'Casa del residente' });
    await page.getByLabel('Residente').selectOption({ index: 1 });
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    await page.getByLabel('Fecha').fill(tomorrow);
    await page.getByLabel('Hora (24 horas)').fill('19:30');
    await expect.poll(() => page.getByLabel('Termina').inputValue()).toContain('07:30');
    await page.getByRole('button', { name: 'Siguiente' }).click();

    // Step 2: Siguiente without guests is refused; then the import of a Latin-1 CSV.
    await page.getByRole('table', { name: 'Invitados del evento' }).waitFor();
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await alert(page, 'No puedes continuar').getByRole('button', { name: 'Aceptar' }).click();
    await page.getByRole('button', { name: 'Importar desde plantilla' }).click();
    await page
      .getByLabel('Archivo de invitados')
      .setInputFiles({ name: 'invitados.csv', mimeType: 'text/csv', buffer: CSV });
    await page.getByTestId('import-summary').waitFor();
    expect(await page.getByTestId('import-summary').textContent()).toContain('Invitados nuevos: 3');
    await page.getByTestId('guest-import').getByRole('button', { name: 'Importar' }).click();
    await page.getByText('Se agregaron 3 invitados correctamente.').waitFor();
    await page.getByRole('button', { name: 'Cerrar' }).click();
    const table = page.getByRole('table', { name: 'Invitados del evento' });
    await table.getByText('Peña').waitFor();
    await table.getByText('Núñez').waitFor();
    await page.getByRole('button', { name: 'Siguiente' }).click();

    // Step 3: a colour, then Finalizar.
    await page.getByRole('img', { name: 'Vista previa de la invitación' }).waitFor();
    await page.getByLabel('Color de fondo').fill('#fdf2e9');
    await page.getByRole('button', { name: 'Finalizar' }).click();
    await alert(page, 'Tu evento quedó listo').getByRole('button', { name: 'Ir a eventos masivos' }).click();
    await page.waitForURL((u) => u.pathname === '/massiveEvents');
    const row = await eventRow(page, TITLE);
    await row.getByText('Próximo').waitFor();
    expect(await row.getByRole('link').textContent()).toBe('3');

    // Edit: a new title and one guest fewer are saved as the steps are validated...
    await row.getByRole('checkbox').check({ force: true });
    await page.getByRole('toolbar', { name: 'Acciones de eventos' }).getByRole('button', { name: 'Editar' }).click();
    await page.getByRole('heading', { name: 'Editar evento masivo' }).waitFor();
    await expect.poll(() => page.getByLabel('Título del evento').inputValue()).toBe(TITLE);
    await page.getByLabel('Título del evento').fill('Título que no se queda');
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await page.getByRole('button', { name: 'Eliminar a María Núñez' }).click();
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await page.getByRole('img', { name: 'Vista previa de la invitación' }).waitFor();

    // ...and the X discards: the event and its guests are back as they were.
    await page.getByRole('button', { name: 'Salir del asistente' }).click();
    await alert(page, '¿Seguro que deseas salir?').getByRole('button', { name: 'Salir' }).click();
    await page.waitForURL((u) => u.pathname === '/massiveEvents');
    const restored = await eventRow(page, TITLE);
    await restored.getByText('Próximo').waitFor();
    expect(await restored.getByRole('link').textContent()).toBe('3');
    expect(await page.getByRole('row').filter({ hasText: 'Título que no se queda' }).count()).toBe(0);
    await restored.getByRole('link').click();
    await page.getByRole('heading', { name: 'Invitados al evento' }).waitFor();
    await page.getByText('María Núñez').waitFor();
    expect(await page.getByTestId('guest-card').count()).toBe(3);
    await context.close();
  });
});
