/**
 * The gate keeps working when the booth's internet drops: the guard opens /checkin online, the
 * network is cut and the page reloaded (the service worker serves the shell); three valid passes
 * are let in, a pass of an event cancelled before the cut and a forged pass are refused, and so is
 * a guest already inside; back online, within 5 s the three entries are on the server with their
 * offline times, the dashboard counts them once, and the queue is empty. Two gates offline let in
 * the same guest: one entry is kept and the other gate shows the conflict. A sign-out leaves no
 * gate data in IndexedDB and no API answer in Cache Storage.
 */
import jsQR from 'jsqr';
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { addHours, localNow } from '../../../src/shared/massive-events/massive-event-rules.js';
import { CheckinMessages } from '../../../src/shared/passes/checkin-rules.js';
import { fromBase64Url, PASS_PREFIX, toBase64Url } from '../../../src/shared/passes/pass-types.js';
import { browserSuite, signInAs, type RunningServer } from '../../support/browser.js';

let server: RunningServer;
let browser: Browser;
browserSuite((s, b) => {
  server = s;
  browser = b;
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

/** A Próximo event (an hour from now) with these guests, designed; its uuid and its guests' passes as their QR holds them. */
async function eventWithGuests(admin: string, title: string, names: [string, string][]) {
  const [host] = (await (await call(admin, 'GET', '/api/residents/all')).json()) as { uuid: string }[];
  const event = (await (
    await call(admin, 'POST', '/api/massiveEvents', {
      title,
      startDate: `${addHours(localNow(), 1).slice(0, 16)}:00`,
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
  const passes: string[] = [];
  for (const g of guests) {
    const png = PNG.sync.read(
      Buffer.from(await (await call(admin, 'GET', `/api/massiveEventGuests/invitation?uuid=${g.uuid}`)).arrayBuffer()),
    );
    const pass = jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
    expect(pass).toMatch(/^P1\./);
    passes.push(pass!);
  }
  return { event, passes };
}

async function pageAs(email: string, path: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'es-MX' });
  const page = await context.newPage();
  await signInAs(page, server.url, email);
  await page.waitForURL((u) => u.pathname !== '/');
  await page.goto(`${server.url}${path}`);
  return page;
}

/** What the gate keeps on the device: whether it has a snapshot, and how many records wait. */
const kept = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<{ snapshot: boolean; queue: number }>((resolve) => {
        const open = indexedDB.open('porton-gate');
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('snapshot')) {
            db.close();
            resolve({ snapshot: false, queue: 0 });
            return;
          }
          const tx = db.transaction(['snapshot', 'queue']);
          const s = tx.objectStore('snapshot').count();
          const q = tx.objectStore('queue').count();
          tx.oncomplete = () => {
            db.close();
            resolve({ snapshot: s.result > 0, queue: q.result });
          };
        };
        open.onerror = () => resolve({ snapshot: false, queue: 0 });
      }),
  );

/** The guard's /checkin, online, with the shell cached and the gate's snapshot kept: ready to lose the network. */
async function gateReady(page: Page) {
  await page.getByRole('heading', { name: 'Control de acceso a eventos y obras' }).waitFor();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect.poll(async () => (await kept(page)).snapshot, { timeout: 15_000 }).toBe(true);
}

async function present(
  page: Page,
  pass: string,
  direction: 'Registrar entrada' | 'Registrar salida' = 'Registrar entrada',
) {
  await page.getByLabel('Pase o credencial').fill(pass);
  await page.getByRole('button', { name: direction }).click();
}
async function next(page: Page) {
  await page.getByRole('button', { name: 'Siguiente pase' }).click();
}
const qrEntries = async (page: Page) =>
  Number((await page.getByTestId('stat-Visitas por QR').textContent())!.replace(/,/g, ''));

describe('The offline gate', () => {
  it('offline after a reload: three let in, a cancelled event’s and a forged pass refused, a guest inside refused; back online the entries arrive with their times, counted once, the queue empty; a sign-out leaves nothing', async () => {
    mkdirSync(SHOTS, { recursive: true });
    const admin = await token('administrador@porton.mx');
    const open = await eventWithGuests(admin, 'Posada sin internet', [
      ['Ana', 'Ríos'],
      ['Luis', 'Gil'],
      ['Sara', 'Paz'],
    ]);
    const cancelled = await eventWithGuests(admin, 'Kermés cancelada', [['Irma', 'Soto']]);
    await call(admin, 'PUT', `/api/massiveEvents/${cancelled.event}/cancel`);

    const home = await pageAs('administrador@porton.mx', '/home');
    await home.getByTestId('live-status').getByText('En vivo').waitFor();
    const before = await qrEntries(home);

    const gate = await pageAs('vigilante@porton.mx', '/checkin');
    await gateReady(gate);
    await gate.context().setOffline(true);
    await gate.reload();
    await gate.getByRole('heading', { name: 'Control de acceso a eventos y obras' }).waitFor();
    await gate.getByText('Sin conexión', { exact: true }).waitFor();

    const names = ['Ana Ríos', 'Luis Gil', 'Sara Paz'];
    const times: number[] = [];
    for (const [i, pass] of open.passes.entries()) {
      times.push(Date.now());
      await present(gate, pass);
      await gate.getByText('Acceso permitido').waitFor();
      await gate.getByText(names[i]).waitFor();
      await gate.getByText('Verificado sin conexión').waitFor();
      await next(gate);
    }
    await present(gate, cancelled.passes[0]);
    await gate.getByText('Acceso denegado').waitFor();
    await gate.getByText(CheckinMessages.cancelled).waitFor();
    await next(gate);
    const bytes = fromBase64Url(open.passes[1].slice(PASS_PREFIX.length))!;
    bytes[100] ^= 0x01;
    await present(gate, PASS_PREFIX + toBase64Url(bytes));
    await gate.getByText(CheckinMessages.forged).waitFor();
    await next(gate);
    await present(gate, open.passes[0]);
    await gate.getByText(CheckinMessages.alreadyInside).waitFor();
    await next(gate);
    await gate.getByText(/Registros pendientes: 3/).waitFor();
    await gate.screenshot({ path: `${SHOTS}/offline-gate-waiting.png` });
    expect(await qrEntries(home)).toBe(before);

    const back = Date.now();
    await gate.context().setOffline(false);
    await expect.poll(async () => (await kept(gate)).queue, { timeout: 5_000 }).toBe(0);
    await expect.poll(() => qrEntries(home), { timeout: 5_000 }).toBe(before + 3);
    expect(Date.now() - back).toBeLessThan(5_000 + 1_000);
    const report = (await (await call(admin, 'GET', '/api/visitants/visitantReport?page=0')).json()) as {
      data: { firstName: string; lastName: string; timein: string }[];
    };
    for (const [i, name] of names.entries()) {
      const rows = report.data.filter((r) => `${r.firstName} ${r.lastName}` === name);
      expect(rows, name).toHaveLength(1);
      // The entry keeps the moment the gate let the guest in, not the moment it reached the server.
      expect(Math.abs(Date.parse(rows[0].timein) - times[i]), name).toBeLessThan(4_000);
    }
    await gate.getByText('En línea').waitFor();
    await gate.screenshot({ path: `${SHOTS}/offline-gate-synced.png` });
    // Counted once: a while later, the dashboard still says three more.
    await new Promise((r) => setTimeout(r, 1_500));
    expect(await qrEntries(home)).toBe(before + 3);

    await gate.getByRole('button', { name: 'Menú de usuario' }).click();
    await gate.getByRole('menuitem', { name: 'Cerrar Sesión' }).click();
    await gate.waitForURL(`${server.url}/`);
    await expect
      .poll(() => gate.evaluate(async () => (await indexedDB.databases()).map((d) => d.name)), { timeout: 5_000 })
      .not.toContain('porton-gate');
    const cached = await gate.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys())
        for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
      return urls;
    });
    expect(cached.length).toBeGreaterThan(0);
    expect(cached.filter((u) => u.startsWith('/api') || u.startsWith('/oauth'))).toEqual([]);
    await home.context().close();
    await gate.context().close();
  });

  it('two gates offline let in the same guest: back online one entry is kept and the other gate shows the conflict', async () => {
    const admin = await token('administrador@porton.mx');
    const { passes } = await eventWithGuests(admin, 'Posada de dos casetas', [['Raúl', 'Luna']]);
    const north = await pageAs('vigilante@porton.mx', '/checkin');
    const south = await pageAs('vigilante@porton.mx', '/checkin');
    await gateReady(north);
    await gateReady(south);
    for (const gate of [north, south]) {
      await gate.context().setOffline(true);
      await gate.getByText('Sin conexión', { exact: true }).waitFor();
      await present(gate, passes[0]);
      await gate.getByText('Acceso permitido').waitFor();
      await next(gate);
    }
    await north.context().setOffline(false);
    await expect.poll(async () => (await kept(north)).queue, { timeout: 5_000 }).toBe(0);
    await south.context().setOffline(false);
    await expect.poll(async () => (await kept(south)).queue, { timeout: 5_000 }).toBe(0);
    await south.getByText('El servidor decidió distinto sobre registros hechos sin conexión').waitFor();
    await south.getByText(new RegExp(`Raúl Luna.*${CheckinMessages.alreadyInside}`)).waitFor();
    await south.screenshot({ path: `${SHOTS}/offline-gate-conflict.png` });
    expect(await north.getByText('El servidor decidió distinto').count()).toBe(0);
    const report = (await (await call(admin, 'GET', '/api/visitants/visitantReport?page=0')).json()) as {
      data: { firstName: string; lastName: string }[];
    };
    expect(report.data.filter((r) => r.firstName === 'Raúl' && r.lastName === 'Luna')).toHaveLength(1);
    await south.getByRole('button', { name: 'Entendido' }).click();
    await expect.poll(() => south.getByText('El servidor decidió distinto').count()).toBe(0);
  });
});
