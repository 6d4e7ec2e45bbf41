import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signInAs, type RunningServer, browserSuite } from '../../support/browser.js';

let server: RunningServer;
let browser: Browser;

browserSuite((s, b) => {
  server = s;
  browser = b;
});

async function dashboardOf(email: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'es-MX' });
  const page = await context.newPage();
  await signInAs(page, server.url, email);
  await page.waitForURL((u) => u.pathname === '/home');
  await page.getByTestId('live-status').getByText('En vivo').waitFor();
  return page;
}
const CARDS = [
  'Entradas registradas',
  'Salidas registradas',
  'Visitantes activos',
  'Visitas por QR',
  'Visitas por registro manual',
] as const;
/** The figures a person reads on the cards (en-US thousands: '1,234'). */
async function figures(page: Page) {
  const out: Record<string, number> = {};
  for (const card of CARDS)
    out[card] = Number((await page.getByTestId(`stat-${card}`).textContent())!.replace(/,/g, ''));
  return out;
}

/** The guard's app: a session of vigilante@ registering through the API (visit registration). */
async function guardApi() {
  const basic = `Basic ${Buffer.from('porton-web:porton-web-secret').toString('base64')}`;
  const token = await fetch(`${server.url}/oauth/token`, {
    method: 'POST',
    headers: { Authorization: basic, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username: 'vigilante@porton.mx', password: 'Porton2026' }),
  }).then((r) => r.json() as Promise<{ access_token: string }>);
  const call = async (method: string, path: string, body: unknown) => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: { Authorization: `Bearer ${token.access_token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as { uuid: string } };
  };
  return {
    entry: (accessMode: 'QR' | 'MANUAL') =>
      call('POST', '/api/visitants', { firstName: 'Juan', lastName: 'Pérez', accessMode }),
    exit: (uuid: string) => call('PUT', `/api/visitants/${uuid}/exit`, {}),
  };
}

describe('live counters on /home (Dashboard, live counters)', () => {
  it("a visit registered by the guard moves its community administrator's counters at once, and no other community's", async () => {
    const palmas = await dashboardOf('administrador@porton.mx');
    const villas = await dashboardOf('administrador2@porton.mx');
    const before = await figures(palmas);
    const otherBefore = await figures(villas);
    const guard = await guardApi();

    const qr = await guard.entry('QR');
    expect(qr.status).toBe(201);
    await expect
      .poll(() => figures(palmas), { timeout: 5000 })
      .toEqual({
        ...before,
        'Entradas registradas': before['Entradas registradas'] + 1,
        'Visitantes activos': before['Visitantes activos'] + 1,
        'Visitas por QR': before['Visitas por QR'] + 1,
      });
    const manual = await guard.entry('MANUAL');
    expect(manual.status).toBe(201);
    await expect
      .poll(() => figures(palmas), { timeout: 5000 })
      .toMatchObject({
        'Entradas registradas': before['Entradas registradas'] + 2,
        'Visitas por registro manual': before['Visitas por registro manual'] + 1,
      });
    expect((await guard.exit(qr.body.uuid)).status).toBe(200);
    await expect
      .poll(() => figures(palmas), { timeout: 5000 })
      .toEqual({
        'Entradas registradas': before['Entradas registradas'] + 2,
        'Salidas registradas': before['Salidas registradas'] + 1,
        'Visitantes activos': before['Visitantes activos'] + 1,
        'Visitas por QR': before['Visitas por QR'] + 1,
        'Visitas por registro manual': before['Visitas por registro manual'] + 1,
      });

    // Villas del Sol (another integrator's community) saw none of it.
    expect(await figures(villas)).toEqual(otherBefore);
    // What moved live is what the server counts: a reload shows the same figures.
    const live = await figures(palmas);
    await palmas.reload();
    await palmas.getByTestId('live-status').waitFor();
    expect(await figures(palmas)).toEqual(live);
    // Both charts are there (entries per day, per month).
    await palmas.getByRole('tab', { name: 'Entradas registradas por mes' }).click();
    await palmas.getByRole('img', { name: 'Entradas por mes' }).waitFor();
  });
});
