/**
 * 'Compartir' on a phone (390 px): where the browser can share files, a guest card's 'Compartir'
 * and the toolbar's (the ticked guests) call navigator.share with the invitations as image/png
 * files and the community's invitation message; where it cannot (canShare missing or false),
 * the same button downloads the invitation. navigator.share / canShare are stubs installed before
 * the page's scripts, recording what they receive.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addHours, localNow } from '../../../src/shared/massive-events/massive-event-rules.js';
import { browserSuite, signInAs, type RunningServer } from '../../support/browser.js';
import { readInvitation } from '../../support/massive-events/invitation-files.js';

let server: RunningServer;
let browser: Browser;
browserSuite((s, b) => {
  server = s;
  browser = b;
});

const SHOTS = 'specs/e2e/.shots';
const PHONE = { width: 390, height: 844 };

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
async function call(auth: string, method: string, path: string, body?: unknown) {
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
}

/** A Próximo event (an hour from now) with these guests, designed; answers its uuid. */
async function eventWithGuests(admin: string, title: string, names: [string, string][]) {
  const [host] = (await (await call(admin, 'GET', '/api/residents/all')).json()) as { uuid: string }[];
  const event = (await (
    await call(admin, 'POST', '/api/massiveEvents', {
      title,
      startDate: `${addHours(localNow(), 1).slice(0, 16)}:00`,
      commonArea: null,
      resident: { uuid: host!.uuid },
    })
  ).json()) as string;
  await call(admin, 'POST', '/api/massiveEventGuests/multiple', {
    massiveEvent: { uuid: event },
    guests: names.map(([firstName, lastName]) => ({ firstName, lastName, email: '', phone: '' })),
  });
  await call(admin, 'PUT', `/api/massiveEvents/${event}/configure`, {
    backgroundColor: 'eef6f3',
    foregroundColor: '1d3b34',
  });
  return event;
}

/** What the stubbed navigator.share received: the text, the title and each file's name, type and bytes. */
interface SharedData {
  text: string;
  title: string;
  files: { name: string; type: string; bytes: number[] }[];
}

/**
 * A phone page on /guests, with navigator.share / canShare replaced before the app loads:
 * 'files' (both, canShare true for files), 'refuses' (canShare false) or 'none' (neither exists).
 */
async function phoneAt(path: string, sharing: 'files' | 'refuses' | 'none'): Promise<Page> {
  const context = await browser.newContext({
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
    locale: 'es-MX',
    acceptDownloads: true,
  });
  await context.addInitScript((mode: string) => {
    const w = window as unknown as { __shared: unknown[] };
    w.__shared = [];
    const define = (name: string, value: unknown) =>
      Object.defineProperty(Navigator.prototype, name, { value, configurable: true, writable: true });
    if (mode === 'none') {
      define('share', undefined);
      define('canShare', undefined);
      return;
    }
    define('canShare', (data: ShareData) => mode === 'files' && Array.isArray(data?.files) && data.files.length > 0);
    define('share', async (data: ShareData) => {
      const files = await Promise.all(
        (data.files ?? []).map(async (f) => ({
          name: f.name,
          type: f.type,
          bytes: Array.from(new Uint8Array(await f.arrayBuffer())),
        })),
      );
      w.__shared.push({ text: data.text, title: data.title, files });
    });
  }, sharing);
  const page = await context.newPage();
  await signInAs(page, server.url, 'administrador@porton.mx');
  await page.waitForURL((u) => u.pathname !== '/');
  await page.goto(`${server.url}${path}`);
  await page.getByRole('heading', { name: 'Invitados al evento' }).waitFor();
  return page;
}

const sharedOn = (page: Page) => page.evaluate(() => (window as unknown as { __shared: SharedData[] }).__shared);

describe("'Compartir' an invitation from a phone", () => {
  it("with file sharing: a card's 'Compartir' calls navigator.share with that guest's PNG and the community's invitation message; the toolbar's shares the ticked guests", async () => {
    mkdirSync(SHOTS, { recursive: true });
    const admin = await token('administrador@porton.mx');
    const event = await eventWithGuests(admin, 'Posada de la privada', [
      ['Lupita', 'Núñez'],
      ['Andrés', 'Ortiz'],
    ]);
    const me = (await (await call(admin, 'GET', '/api/users/me')).json()) as {
      testFrac: { settings: { invitationMessage: string } };
    };
    const message = me.testFrac.settings.invitationMessage;
    expect(message.length).toBeGreaterThan(0);

    const page = await phoneAt(`/guests?event=${event}`, 'files');
    const card = page.getByTestId('guest-card').filter({ hasText: 'Lupita Núñez' });
    const share = card.getByRole('button', { name: 'Compartir la invitación de Lupita Núñez' });
    await share.waitFor();
    expect(await share.isVisible()).toBe(true);
    await page.screenshot({ path: `${SHOTS}/guests-share-phone.png`, fullPage: true });
    await share.click();
    await expect.poll(async () => (await sharedOn(page)).length, { timeout: 30_000 }).toBe(1);
    const [one] = await sharedOn(page);
    expect(one!.text).toBe(message);
    expect(one!.files).toHaveLength(1);
    expect(one!.files[0]).toMatchObject({ name: 'Lupita_Nunez.png', type: 'image/png' });
    // The file is the invitation itself: a PNG whose QR is a signed pass.
    expect(readInvitation(Buffer.from(one!.files[0]!.bytes)).qr).toMatch(/^P1\./);
    // Nothing was downloaded instead, and no dialog stays open.
    expect(await page.getByRole('alertdialog').count()).toBe(0);

    // The toolbar's 'Compartir' with both guests ticked: one call with both PNGs.
    await page.getByText('Seleccionar todos').click();
    await page
      .getByRole('toolbar', { name: 'Acciones de invitados' })
      .getByRole('button', { name: 'Compartir' })
      .click();
    await expect.poll(async () => (await sharedOn(page)).length, { timeout: 30_000 }).toBe(2);
    const both = (await sharedOn(page))[1]!;
    expect(both.text).toBe(message);
    expect(both.files.map((f) => [f.name, f.type]).sort()).toEqual([
      ['Andres_Ortiz.png', 'image/png'],
      ['Lupita_Nunez.png', 'image/png'],
    ]);
    await page.context().close();
  });

  it("without file sharing (canShare missing, or false for files): the card's 'Compartir' downloads the invitation", async () => {
    const admin = await token('administrador@porton.mx');
    const event = await eventWithGuests(admin, 'Cumpleaños de Chayo', [['Rosario', 'Téllez']]);
    for (const mode of ['none', 'refuses'] as const) {
      const page = await phoneAt(`/guests?event=${event}`, mode);
      const [download] = await Promise.all([
        page.waitForEvent('download', { timeout: 60_000 }),
        page.getByRole('button', { name: 'Compartir la invitación de Rosario Téllez' }).click(),
      ]);
      expect(download.suggestedFilename(), mode).toBe('Rosario_Tellez.png');
      expect(readInvitation(readFileSync((await download.path())!)).qr).toMatch(/^P1\./);
      expect(await sharedOn(page)).toEqual([]);
      await page.getByRole('alertdialog').getByText('Descarga completada').waitFor();
      await page.context().close();
    }
  });
});
