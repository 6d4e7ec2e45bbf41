import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { menuFor, homeFor } from '../../../src/shared/platform/menu.js';
import { roleOfType } from '../../../src/shared/platform/roles.js';
import { SignInMessages } from '../../../src/shared/session/sign-in-rules.js';
import { demoAccounts } from '../../../src/server/platform/db/demo-data.js';
import { signInAs, type RunningServer, browserSuite } from '../../support/browser.js';

let server: RunningServer;
let browser: Browser;

browserSuite((s, b) => {
  server = s;
  browser = b;
});

async function freshPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'es-MX' });
  return context.newPage();
}

const menuLabels = (page: Page) => page.locator('nav[aria-label="Menú principal"] a').allInnerTexts();

describe('every demo account signs in through the real screen and sees exactly its menu', () => {
  for (const account of demoAccounts) {
    it(`${account.email} lands on its home with the ${account.role} menu`, async () => {
      const page = await freshPage();
      const portal = account.typeId === 15 ? '?type=contractor' : '';
      await signInAs(page, server.url, account.email, 'Porton2026', portal);
      const role = roleOfType(account.typeId);
      await page.waitForURL(`${server.url}${homeFor(role)}`);
      await page.locator('nav[aria-label="Menú principal"]').waitFor({ state: 'attached' });
      expect((await menuLabels(page)).map((l) => l.trim())).toEqual(menuFor(role).map((e) => e.label));
      await page.context().close();
    });
  }
});

describe('sign-in errors', () => {
  it('a wrong password shows the message and clears the fields', async () => {
    const page = await freshPage();
    await signInAs(page, server.url, 'capturista@porton.mx', 'incorrecta');
    await expect(
      page.getByRole('alertdialog').getByText(SignInMessages.wrongCredentials).waitFor(),
    ).resolves.toBeUndefined();
    expect(await page.getByLabel('Correo electrónico').inputValue()).toBe('');
    expect(await page.getByLabel('Contraseña').inputValue()).toBe('');
    await page.context().close();
  });

  it('empty fields show "El campo es obligatorio." and send nothing', async () => {
    const page = await freshPage();
    await page.goto(server.url);
    let requests = 0;
    page.on('request', (r) => {
      if (r.url().includes('/oauth/token')) requests++;
    });
    await page.getByRole('button', { name: 'Ingresar' }).click();
    expect(await page.getByText('El campo es obligatorio.').count()).toBe(2);
    expect(requests).toBe(0);
    await page.context().close();
  });

  it('a non-contractor on the contractor portal is refused with the Portón message', async () => {
    const page = await freshPage();
    await signInAs(page, server.url, 'administrador@porton.mx', 'Porton2026', '?type=contractor');
    await page.getByRole('alertdialog').getByText(SignInMessages.contractorOnly).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('porton.token'))).toBeNull();
    await page.context().close();
  });

  it('the contractor portal validates the email and password rules', async () => {
    const page = await freshPage();
    await page.goto(`${server.url}/?type=contractor`);
    await page.getByLabel('Correo electrónico').fill('no-es-correo');
    await page.getByLabel('Contraseña').fill('123');
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await page.getByText('Por favor ingresa un correo valido.').waitFor();
    await page.getByText('Contraseña incorrecta').waitFor();
    await page.context().close();
  });
});

describe('guards, switcher and log-out (route table)', () => {
  it('without a session /home goes to / and unknown paths go to /', async () => {
    const page = await freshPage();
    await page.goto(`${server.url}/home`);
    await page.waitForURL(`${server.url}/`);
    await page.goto(`${server.url}/no-existe`);
    await page.waitForURL(`${server.url}/`);
    await page.goto(`${server.url}/404`);
    await page.getByText('Página no encontrada').waitFor();
    await page.context().close();
  });

  it('role guards send a community administrator from /integrators and /fracs to /home', async () => {
    const page = await freshPage();
    await signInAs(page, server.url, 'administrador@porton.mx');
    await page.waitForURL(`${server.url}/home`);
    for (const path of ['/integrators', '/fracs', '/users-types', '/carbrands', '/colors']) {
      await page.goto(server.url + path);
      await page.waitForURL(`${server.url}/home`);
    }
    await page.context().close();
  });

  it('the community switcher changes the active community and reloads', async () => {
    const page = await freshPage();
    await signInAs(page, server.url, 'administrador@porton.mx');
    await page.waitForURL(`${server.url}/home`);
    const before = await page.getByTestId('active-community').textContent();
    await page.getByRole('button', { name: 'Menú de usuario' }).click();
    const other = before === 'Residencial Las Palmas' ? 'Bosques del Valle' : 'Residencial Las Palmas';
    await page.getByRole('menuitem', { name: other }).click();
    await page.waitForFunction(
      (name) => document.querySelector('[data-testid="active-community"]')?.textContent === name,
      other,
    );
    // The active community is kept on the server: back to the one the demo starts on, for the
    // files that share this server after this one.
    await page.getByRole('button', { name: 'Menú de usuario' }).click();
    await page.getByRole('menuitem', { name: before! }).click();
    await page.waitForFunction(
      (name) => document.querySelector('[data-testid="active-community"]')?.textContent === name,
      before,
    );
    await page.context().close();
  });

  it("'Cerrar Sesión' clears local storage, revokes the token and returns to /", async () => {
    const page = await freshPage();
    await signInAs(page, server.url, 'integrador@porton.mx');
    await page.waitForURL(`${server.url}/home`);
    const token = await page.evaluate(() => localStorage.getItem('porton.token'));
    await page.getByRole('button', { name: 'Menú de usuario' }).click();
    await page.getByRole('menuitem', { name: 'Cerrar Sesión' }).click();
    await page.waitForURL(`${server.url}/`);
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    const res = await fetch(`${server.url}/api/users/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(401);
    await page.context().close();
  });
});
