/**
 * Every image a screen shows loads in a plain <img>, which sends no header: the community logo in
 * the top bar and in the community form, a notice's image and an event's cover read by a resident
 * of the audience. A link is its user's: another community's session gets 404 on it.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserSuite, signInAs, type RunningServer } from '../../support/browser.js';
import { currentDates } from '../../support/content/content-dates.js';
import { pngBase64, upload } from '../../support/massive-events/event-fixtures.js';

let server: RunningServer;
let browser: Browser;

browserSuite((s, b) => {
  server = s;
  browser = b;
});

const LOGO = Buffer.from(pngBase64(64, 64, [20, 120, 200]), 'base64');

async function signedIn(email: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'es-MX' });
  const page = await context.newPage();
  await signInAs(page, server.url, email);
  await page.waitForURL((u) => u.pathname !== '/');
  return page;
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

/** A JSON call of the API with a session's token. */
async function call<T>(
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: T }> {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: (text ? JSON.parse(text) : null) as T };
}

/** How wide the browser decoded the image once it settled (0 when it did not load). */
const naturalWidth = (img: Locator) =>
  img.evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : -1)).catch(() => -1);

/** Puts `src` in a new <img> of the page (no header, as any <img>) and answers its natural width once it settles. */
const loadInImg = (page: Page, src: string) =>
  page.evaluate(
    (url) =>
      new Promise<number>((resolve) => {
        const img = document.createElement('img');
        img.alt = 'prueba';
        img.onload = () => resolve(img.naturalWidth);
        img.onerror = () => resolve(0);
        img.src = url;
        document.body.append(img);
      }),
    src,
  );

describe('images load in an <img> without a header', () => {
  it("after the integrator uploads a logo, the community form previews it through its link, and the administrator's and the resident's top bars show it", async () => {
    const integrator = await signedIn('integrador@porton.mx');
    await integrator.goto(`${server.url}/fracs`);
    const palmas = integrator.getByRole('row', { name: /Residencial Las Palmas/ });
    await palmas.getByRole('button', { name: 'Editar' }).click();
    await integrator.getByRole('heading', { name: 'Editar fraccionamiento' }).waitFor();
    await expect.poll(() => integrator.getByLabel(/^Cantidad de licencias/).inputValue()).not.toBe('');
    await integrator
      .getByLabel('Archivo del logo')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: LOGO });
    await integrator.getByAltText('Vista previa del logo').waitFor();
    await integrator.getByRole('button', { name: 'Guardar' }).click();
    await integrator
      .getByRole('alertdialog', { name: 'fraccionamiento actualizado correctamente' })
      .getByRole('button', { name: 'Aceptar' })
      .click();
    await integrator.waitForURL((u) => u.pathname === '/fracs');

    // Editing again previews the stored logo by its signed link, loaded by the <img> itself.
    await palmas.getByRole('button', { name: 'Editar' }).click();
    const preview = integrator.getByAltText('Vista previa del logo');
    await preview.waitFor();
    expect(await preview.getAttribute('src')).toMatch(/^\/api\/fracs\/[0-9a-f-]+\/logo\?exp=\d+&u=[0-9a-f-]+&sig=/);
    await expect.poll(() => naturalWidth(preview)).toBe(64);

    // The administrator of that community (switched to it when another one opened) sees it in the top bar.
    const admin = await signedIn('administrador@porton.mx');
    await admin.goto(`${server.url}/home`);
    const active = admin.getByTestId('active-community');
    await expect.poll(() => active.textContent()).toMatch(/\S/);
    if ((await active.textContent()) !== 'Residencial Las Palmas') {
      await admin.getByRole('button', { name: 'Menú de usuario' }).click();
      await admin.getByRole('menuitem', { name: 'Residencial Las Palmas' }).click();
      await expect.poll(() => active.textContent()).toBe('Residencial Las Palmas');
    }
    const adminLogo = admin.locator('header img');
    await adminLogo.first().waitFor();
    expect(await adminLogo.first().getAttribute('src')).toMatch(/\/logo\?exp=\d+&u=[0-9a-f-]+&sig=/);
    await expect.poll(() => naturalWidth(adminLogo.first())).toBe(64);

    const resident = await signedIn('residente@porton.mx');
    const residentLogo = resident.locator('header img');
    await residentLogo.first().waitFor();
    await expect.poll(() => naturalWidth(residentLogo.first())).toBe(64);

    // The link is the resident's: with another community's session it answers 404.
    const src = (await residentLogo.first().getAttribute('src'))!;
    const other = await tokenOf('administrador2@porton.mx');
    expect((await call(other, 'GET', src)).status).toBe(404);
    await Promise.all([integrator, admin, resident].map((p) => p.context().close()));
  });

  it("a notice's image and an event's cover load in an <img> for a resident of the audience; another community's session gets 404 on the same links", async () => {
    const adminToken = await tokenOf('administrador@porton.mx');
    const rosaToken = await tokenOf('residente@porton.mx');
    const other = await tokenOf('administrador2@porton.mx');

    // A notice for the whole community with an image, created as the administrator.
    const title = `Aviso con imagen ${Date.now()}`;
    const created = await call<{ uuid: string }>(adminToken, 'POST', '/api/notices', {
      title,
      description: 'Cartel de la posada.',
      contactName: 'Administración',
      contactPhone: '5512345678',
      contactEmail: 'admin@porton.mx',
      contactLink: '',
      segmented: false,
      zones: null,
      streets: null,
      residents: null,
      ...currentDates(),
      file: { uuid: null, ...upload(pngBase64(80, 40), 'cartel.png') },
    });
    expect(created.status).toBe(201);

    // The resident's own read of the notice names the image by a link of hers.
    const notice = await call<{ file: { publicUrl: string } }>(rosaToken, 'GET', `/api/notices/${created.json.uuid}`);
    expect(notice.status).toBe(200);
    const noticeImage = notice.json.file.publicUrl;
    expect(noticeImage).toMatch(/\?exp=\d+&u=[0-9a-f-]+&sig=/);

    // Her event, designed with a cover through the API as the resident app does.
    const events = await call<[{ uuid: string; title: string }, number][]>(rosaToken, 'GET', '/api/massiveEvents/');
    const birthday = events.json.find(([e]) => e.title === 'Cumpleaños de Rosa')![0];
    const configured = await call<{ backgroundImage: { publicUrl: string } }>(
      rosaToken,
      'PUT',
      `/api/massiveEvents/${birthday.uuid}/configure`,
      { backgroundImage: upload(pngBase64(700, 300)), profile: upload(pngBase64(100, 100, [20, 120, 200])) },
    );
    expect(configured.status).toBe(200);
    const read = await call<{ backgroundImage: { publicUrl: string } }>(
      rosaToken,
      'GET',
      `/api/massiveEvents/${birthday.uuid}`,
    );

    // In Chromium, signed in as the resident: each link loads in a plain <img>.
    const resident = await signedIn('residente@porton.mx');
    expect(await loadInImg(resident, noticeImage)).toBe(80);
    expect(await loadInImg(resident, read.json.backgroundImage.publicUrl)).toBe(700);
    expect(await loadInImg(resident, configured.json.backgroundImage.publicUrl)).toBe(700);

    // The wizard's invitation preview loads the stored cover by its link (step 3 of editing the event).
    await resident.goto(`${server.url}/massiveEvents`);
    const row = resident.getByRole('row').filter({ hasText: 'Cumpleaños de Rosa' });
    await row.waitFor();
    await row.getByRole('checkbox').check({ force: true });
    const coverLoaded = resident.waitForResponse(
      (r) => r.url().includes(`/api/massiveEvents/${birthday.uuid}/images/`) && r.request().method() === 'GET',
    );
    await resident
      .getByRole('toolbar', { name: 'Acciones de eventos' })
      .getByRole('button', { name: 'Editar' })
      .click();
    await resident.getByRole('heading', { name: 'Editar evento masivo' }).waitFor();
    await resident.getByRole('button', { name: 'Siguiente' }).click();
    await resident.getByRole('table', { name: 'Invitados del evento' }).waitFor();
    await resident.getByRole('button', { name: 'Siguiente' }).click();
    await resident.getByRole('img', { name: 'Vista previa de la invitación' }).waitFor();
    const cover = await coverLoaded;
    expect(cover.status()).toBe(200);
    expect(cover.headers()['content-type']).toBe('image/png');

    // Another community's session: 404 on the same links.
    for (const link of [noticeImage, read.json.backgroundImage.publicUrl]) {
      expect((await call(other, 'GET', link)).status, link).toBe(404);
    }
    await resident.context().close();
  });
});
