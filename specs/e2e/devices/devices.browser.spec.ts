import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import jsQR from 'jsqr';
import type { Browser, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, describe, expect, it } from 'vitest';
import { parseLinkUri } from '../../../src/shared/devices/device-rules.js';
import { browserSuite, signInAs, type RunningServer } from '../../support/browser.js';

let server: RunningServer;
let browser: Browser;
browserSuite((s, b) => {
  server = s;
  browser = b;
});

const dir = mkdtempSync(join(tmpdir(), 'porton-device-e2e-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const run = promisify(execFile);
/** The device simulator as the README runs it (`npm run device -- …`), with a state file of its own. */
const simulator = (...args: string[]) =>
  run(process.execPath, ['--import', 'tsx', 'scripts/device.ts', ...args, '--state', join(dir, 'device.json')], {
    timeout: 60_000,
  }).then(
    ({ stdout }) => ({ code: 0, out: stdout }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout + e.stderr }),
  );

async function adminPage(path: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'es-MX' });
  const page = await context.newPage();
  await signInAs(page, server.url, 'administrador@porton.mx');
  await page.waitForURL((u) => u.pathname === '/home');
  if (path !== '/home') await page.goto(`${server.url}${path}`);
  return page;
}
const manualEntries = async (page: Page) =>
  Number((await page.getByTestId('stat-Visitas por registro manual').textContent())!.replace(/,/g, ''));

describe('Dispositivos end to end: link by QR, register an entry, unlink', () => {
  it('the simulator links with the shown code, the dialog closes by itself, its entry moves the dashboard, and once unlinked it is refused', async () => {
    const devices = await adminPage('/qrcodes');
    const requests: string[] = [];
    devices.on('request', (r) => {
      if (!r.url().startsWith(server.url)) requests.push(r.url());
    });
    const row = devices.getByRole('row', { name: /Caseta peatonal/ });
    await row.getByRole('button', { name: 'Vincular' }).click();

    const dialog = devices.getByRole('dialog', { name: 'Vincular dispositivo' });
    const code = (await dialog.getByTestId('link-code').textContent())!;
    expect(code).toMatch(/^[A-Z2-9]{8}$/);
    await dialog.getByText(/Vence en \d\d:\d\d/).waitFor();
    // The QR is drawn in the page and holds the server and the same code.
    const shot = PNG.sync.read(await dialog.getByRole('img', { name: 'Código QR de vinculación' }).screenshot());
    const read = jsQR(new Uint8ClampedArray(shot.data), shot.width, shot.height);
    expect(read).not.toBeNull();
    expect(parseLinkUri(read!.data)).toEqual({ server: server.url, code });

    const linked = await simulator('link', read!.data, '--once');
    expect(linked.code, linked.out).toBe(0);
    expect(linked.out).toContain('Vinculado: Caseta peatonal (BOOTH) en Residencial Las Palmas');
    // The link dialog closes by itself: 'Dispositivo vinculado'.
    await devices.getByRole('alertdialog', { name: 'Dispositivo vinculado' }).waitFor();
    expect(await dialog.count()).toBe(0);
    await devices.getByRole('button', { name: 'Aceptar' }).click();
    await row.getByText('En línea').waitFor();
    await row.getByRole('button', { name: 'Desvincular' }).waitFor();

    const home = await adminPage('/home');
    await home.getByTestId('live-status').getByText('En vivo').waitFor();
    const before = await manualEntries(home);
    const visit = await simulator('visit', '--name', 'Lucía');
    expect(visit.code, visit.out).toBe(0);
    expect(visit.out).toContain('por Caseta peatonal');
    await expect.poll(() => manualEntries(home), { timeout: 5_000 }).toBe(before + 1);

    await row.getByRole('button', { name: 'Desvincular' }).click();
    await devices
      .getByRole('alertdialog', { name: '¿Seguro que deseas desvincular Caseta peatonal?' })
      .getByRole('button', { name: 'Desvincular' })
      .click();
    await devices
      .getByRole('alertdialog', { name: '¡Correcto!' })
      .getByText('Dispositivo desvinculado correctamente')
      .waitFor();
    await devices.getByRole('button', { name: 'Aceptar' }).click();
    await row.getByRole('button', { name: 'Vincular' }).waitFor();

    const refused = await simulator('heartbeat', '--once');
    expect(refused.code).toBe(1);
    expect(refused.out).toContain('Rechazado: 401');
    const refusedVisit = await simulator('visit');
    expect(refusedVisit.code).toBe(1);
    // No request left the browser for another host (the QR is not an external image).
    expect(requests).toEqual([]);
  });

  it('a booth still linked cannot be deleted: only INACTIVE devices offer Eliminar', async () => {
    const devices = await adminPage('/qrcodes');
    const linkedBooth = devices.getByRole('row', { name: /Caseta principal/ });
    await linkedBooth.getByRole('button', { name: 'Desvincular' }).waitFor();
    expect(await linkedBooth.getByRole('button', { name: 'Eliminar' }).count()).toBe(0);
    expect(
      await devices
        .getByRole('row', { name: /Lector de salida/ })
        .getByRole('button', { name: 'Eliminar' })
        .count(),
    ).toBe(1);
  });
});
