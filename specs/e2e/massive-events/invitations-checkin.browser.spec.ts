/**
 * Invitations and the gate end to end: an event with two guests (set up through the API), one invitation
 * downloaded, its QR decoded from the PNG, the guest checked in at the guard's /checkin, the
 * administrator's dashboard counter moves, the visit is in the report as 'Evento masivo', and a
 * second check-in is refused. Also: the server's render and a browser canvas render of the same
 * invitation match pixel for pixel within a tolerance.
 */
import { build } from 'esbuild';
import jsQR from 'jsqr';
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, describe, expect, it } from 'vitest';
import { closeRenderPool, renderPool } from '../../../src/server/massive-events/invitation-renderer.js';
import { INVITATION_HEIGHT, INVITATION_WIDTH } from '../../../src/shared/massive-events/invitation-drawing.js';
import { addHours, localNow } from '../../../src/shared/massive-events/massive-event-rules.js';
import { browserSuite, signInAs, type RunningServer } from '../../support/browser.js';
import { pngBase64 } from '../../support/massive-events/event-fixtures.js';
import { readInvitation, unzip } from '../../support/massive-events/invitation-files.js';

let server: RunningServer;
let browser: Browser;
browserSuite((s, b) => {
  server = s;
  browser = b;
});
afterAll(async () => {
  await closeRenderPool();
});

const SHOTS = 'specs/e2e/.shots';

async function token(email: string) {
  const res = await fetch(`${server.url}/oauth/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from('porton-web:porton-web-secret').toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ grant_type: 'password', username: email, password: 'Porton2026' }).toString(),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}
const call = async (auth: string, method: string, path: string, body?: unknown) => {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${auth}`,
      'accept-language': 'es-MX',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res;
};

async function pageAs(email: string, path: string): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    locale: 'es-MX',
    acceptDownloads: true,
  });
  const page = await context.newPage();
  await signInAs(page, server.url, email);
  await page.waitForURL((u) => u.pathname !== '/');
  await page.goto(`${server.url}${path}`);
  return page;
}
/** A Próximo event (an hour from now) with these guests, designed; answers its uuid and its guests' uuids. */
async function eventWithGuests(admin: string, title: string, names: [string, string][]) {
  const [host] = (await (await call(admin, 'GET', '/api/residents/all')).json()) as { uuid: string }[];
  const start = `${addHours(localNow(), 1).slice(0, 16)}:00`;
  const event = (await (
    await call(admin, 'POST', '/api/massiveEvents', {
      title,
      startDate: start,
      commonArea: null,
      resident: { uuid: host.uuid },
    })
  ).json()) as string;
  const guests = (await (
    await call(admin, 'POST', '/api/massiveEventGuests/multiple', {
      massiveEvent: { uuid: event },
      guests: names.map(([firstName, lastName]) => ({ firstName, lastName, email: '', phone: '' })),
    })
  ).json()) as { uuid: string }[];
  await call(admin, 'PUT', `/api/massiveEvents/${event}/configure`, {
    backgroundColor: 'eef6f3',
    foregroundColor: '1d3b34',
  });
  return { event, guests };
}
const downloaded = async (download: { path: () => Promise<string | null> }) => {
  const { readFileSync } = await import('node:fs');
  return readFileSync((await download.path())!);
};

const qrEntries = async (page: Page) =>
  Number((await page.getByTestId('stat-Visitas por QR').textContent())!.replace(/,/g, ''));

describe('Invitations and the gate', () => {
  it('download, decode, check in at /checkin, dashboard moves, report says Evento masivo, second check-in refused', async () => {
    mkdirSync(SHOTS, { recursive: true });
    const admin = await token('administrador@porton.mx');
    const [host] = (await (await call(admin, 'GET', '/api/residents/all')).json()) as { uuid: string }[];
    const start = `${addHours(localNow(), 1).slice(0, 16)}:00`;
    const event = (await (
      await call(admin, 'POST', '/api/massiveEvents', {
        title: 'Fiesta de la alberca',
        startDate: start,
        commonArea: null,
        resident: { uuid: host.uuid },
      })
    ).json()) as string;
    const guests = (await (
      await call(admin, 'POST', '/api/massiveEventGuests/multiple', {
        massiveEvent: { uuid: event },
        guests: [
          { firstName: 'Ramona', lastName: 'Peña', email: '', phone: '' },
          { firstName: 'Julián', lastName: 'Ávila', email: '', phone: '' },
        ],
      })
    ).json()) as { uuid: string }[];
    await call(admin, 'PUT', `/api/massiveEvents/${event}/configure`, {
      backgroundColor: 'fdf2e9',
      foregroundColor: '333333',
    });

    const png = Buffer.from(
      await (await call(admin, 'GET', `/api/massiveEventGuests/invitation?uuid=${guests[0].uuid}`)).arrayBuffer(),
    );
    const image = PNG.sync.read(png);
    const pass = jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data;
    expect(pass).toMatch(/^P1\./);

    const home = await pageAs('administrador@porton.mx', '/home');
    await home.getByTestId('live-status').getByText('En vivo').waitFor();
    const before = await qrEntries(home);

    const gate = await pageAs('vigilante@porton.mx', '/checkin');
    await gate.getByRole('heading', { name: 'Control de acceso a eventos y obras' }).waitFor();
    await gate.getByLabel('Pase o credencial').fill(pass!);
    await gate.getByRole('button', { name: 'Registrar entrada' }).click();
    await gate.getByText('Acceso permitido').waitFor();
    await gate.getByText('Ramona Peña').waitFor();
    await gate.getByText('Fiesta de la alberca').waitFor();
    await gate.screenshot({ path: `${SHOTS}/checkin-admitted.png` });
    await expect.poll(() => qrEntries(home), { timeout: 5_000 }).toBe(before + 1);

    await gate.getByRole('button', { name: 'Siguiente pase' }).click();
    await gate.getByLabel('Pase o credencial').fill(pass!);
    await gate.getByRole('button', { name: 'Registrar entrada' }).click();
    await gate.getByText('Acceso denegado').waitFor();
    await gate.getByText('Este invitado ya ingresó').waitFor();
    await gate.screenshot({ path: `${SHOTS}/checkin-refused.png` });

    const report = await pageAs('administrador@porton.mx', '/visitants');
    const row = report.getByRole('row', { name: /Ramona/ }).first();
    await row.waitFor();
    expect(await row.textContent()).toContain('Evento masivo');
  });

  it("the server's render and a browser canvas render of one invitation match within a small tolerance", async () => {
    const cover = pngBase64(700, 300, [40, 90, 160]);
    const profile = pngBase64(100, 100, [200, 60, 60]);
    const data = {
      title: 'Posada de la privada',
      startDate: '2026-12-12T18:30:00',
      place: 'Salón de usos múltiples',
      message: '¡Hola! Te invito a generar tu código de acceso.',
      foregroundColor: '333333',
      backgroundColor: 'fdf2e9',
      guestName: 'José Ñúñez Peña',
    };
    const pass = `P1.${'A'.repeat(147)}`;
    const share = (b64: string) => {
      const buf = Buffer.from(b64, 'base64');
      const out = new Uint8Array(new SharedArrayBuffer(buf.length));
      out.set(buf);
      return out;
    };
    const serverPng = PNG.sync.read(
      Buffer.from(
        await renderPool().run({
          data,
          pass,
          cover: { key: 'c', bytes: share(cover) },
          profile: { key: 'p', bytes: share(profile) },
        }),
      ),
    );

    const bundle = await build({
      entryPoints: ['src/shared/massive-events/invitation-drawing.ts'],
      bundle: true,
      format: 'iife',
      globalName: 'InvitationDrawing',
      write: false,
      platform: 'browser',
    });
    // A blank page: the drawing module alone, as the wizard's preview runs it (the app's CSP allows no inline script).
    const page = await (await browser.newContext()).newPage();
    await page.addScriptTag({ content: bundle.outputFiles[0].text });
    const dataUrl = await page.evaluate(
      async ({ data, pass, cover, profile }) => {
        const load = (b64: string) =>
          new Promise<HTMLImageElement>((resolve) => {
            const i = new Image();
            i.onload = () => resolve(i);
            i.src = `data:image/png;base64,${b64}`;
          });
        // biome-ignore lint/suspicious/noExplicitAny: the page's own drawing module, a global the test reads in the browser without its types
        const d = (window as any).InvitationDrawing;
        const canvas = document.createElement('canvas');
        canvas.width = d.INVITATION_WIDTH;
        canvas.height = d.INVITATION_HEIGHT;
        await document.fonts.load('bold 32px "DejaVu Sans"');
        d.drawInvitation(canvas.getContext('2d'), {
          ...data,
          cover: await load(cover),
          profile: await load(profile),
          qr: d.qrMatrix(pass),
        });
        return canvas.toDataURL('image/png');
      },
      { data, pass, cover, profile },
    );
    const browserPng = PNG.sync.read(Buffer.from(dataUrl.split(',')[1], 'base64'));

    expect([browserPng.width, browserPng.height]).toEqual([INVITATION_WIDTH, INVITATION_HEIGHT]);
    expect([serverPng.width, serverPng.height]).toEqual([INVITATION_WIDTH, INVITATION_HEIGHT]);
    let different = 0;
    for (let i = 0; i < serverPng.data.length; i += 4) {
      const delta = Math.max(...[0, 1, 2].map((c) => Math.abs(serverPng.data[i + c] - browserPng.data[i + c])));
      if (delta > 48) different++;
    }
    // Anti-aliased text edges differ between Skia builds; the layout, colours, images and QR must not.
    expect(different / (INVITATION_WIDTH * INVITATION_HEIGHT)).toBeLessThan(0.01);
  });

  it("from /massiveEvents: tick an event, 'Descargar invitaciones' → a zip with each guest's PNG; on /guests one guest → a png", async () => {
    mkdirSync(SHOTS, { recursive: true });
    const admin = await token('administrador@porton.mx');
    const title = 'Boda de Lupita y Andrés';
    await eventWithGuests(admin, title, [
      ['Lupita', 'Núñez'],
      ['Andrés', 'Ortiz'],
      ['Lupita', 'Núñez'],
    ]);

    const list = await pageAs('administrador@porton.mx', '/massiveEvents');
    await list.getByPlaceholder('Buscar evento').fill('Boda de Lupita');
    await list.getByPlaceholder('Buscar evento').press('Enter');
    await list.getByText('1 registro', { exact: false }).waitFor();
    await list.getByLabel(`Seleccionar ${title}`).check({ force: true });
    const [download] = await Promise.all([
      list.waitForEvent('download', { timeout: 60_000 }),
      (async () => {
        await list.getByRole('button', { name: 'Descargar invitaciones' }).click();
        await list
          .getByRole('status')
          .filter({ hasText: /Preparando invitaciones|Generando 3 invitaciones/ })
          .waitFor();
        await list.screenshot({ path: `${SHOTS}/massive-events-downloading.png` });
      })(),
    ]);
    expect(download.suggestedFilename()).toBe('invitaciones.zip');
    const files = await unzip(await downloaded(download));
    // Each file is named after the guest, accents safe, repeated names made unique.
    expect([...files.keys()].sort()).toEqual(['Andres_Ortiz.png', 'Lupita_Nunez.png', 'Lupita_Nunez_2.png']);
    for (const png of files.values()) expect(readInvitation(png).qr).toMatch(/^P1\./);
    await list.getByRole('alertdialog').getByText('Descarga completada').waitFor();
    await list.screenshot({ path: `${SHOTS}/massive-events-downloaded.png` });
    await list.getByRole('alertdialog').getByRole('button', { name: 'Aceptar' }).click();
    await list.getByRole('alertdialog').waitFor({ state: 'detached' });

    // The guests screen: one guest ticked gives that guest's PNG.
    await list.getByRole('link', { name: `3 invitados de ${title}` }).click();
    await list.getByRole('heading', { name: 'Invitados al evento' }).waitFor();
    await list.getByTestId('guest-card').filter({ hasText: 'Andrés Ortiz' }).getByText('Andrés Ortiz').click();
    const [one] = await Promise.all([
      list.waitForEvent('download', { timeout: 60_000 }),
      list.getByRole('button', { name: 'Descargar invitación' }).click(),
    ]);
    expect(one.suggestedFilename()).toBe('Andres_Ortiz.png');
    const invitation = readInvitation(await downloaded(one));
    expect([invitation.width, invitation.height]).toEqual([INVITATION_WIDTH, INVITATION_HEIGHT]);
    expect(invitation.qr).toMatch(/^P1\./);
    await list.getByRole('alertdialog').getByText('Descarga completada').waitFor();
    await list.screenshot({ path: `${SHOTS}/guests-downloaded.png` });
  });

  it("a download the server refuses shows 'Ha ocurrido un error' with its text and returns to /massiveEvents", async () => {
    const admin = await token('administrador@porton.mx');
    const title = 'Reunión sin invitados';
    // A Próximo event whose only guest was then deleted: the server has nothing to draw.
    const { guests } = await eventWithGuests(admin, title, [['Único', 'Invitado']]);
    await call(admin, 'DELETE', `/api/massiveEventGuests/${guests[0]!.uuid}`);
    const list = await pageAs('administrador@porton.mx', '/massiveEvents');
    await list.getByPlaceholder('Buscar evento').fill(title);
    await list.getByPlaceholder('Buscar evento').press('Enter');
    await list.getByText('1 registro', { exact: false }).waitFor();
    await list.getByLabel(`Seleccionar ${title}`).check({ force: true });
    await list.getByRole('button', { name: 'Descargar invitaciones' }).click();
    const dialog = list.getByRole('alertdialog');
    await dialog.getByText('Ha ocurrido un error').waitFor();
    await dialog.getByText('El evento no tiene invitados.').waitFor();
    await list.screenshot({ path: `${SHOTS}/massive-events-download-failed.png` });
    await dialog.getByRole('button', { name: 'Aceptar' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(list.url()).pathname).toBe('/massiveEvents');
    expect(await list.getByLabel(`Seleccionar ${title}`).isChecked()).toBe(false);
  });
});
