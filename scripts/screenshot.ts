// Dev aid: screenshots of screens as a given role. `tsx scripts/screenshot.ts <url> <email> <out-dir> <path>...`
// VIEWPORT=390x844 for a phone (default 1366x850); SIGNIN_QUERY=?type=contractor for the contractors portal.
import { launchBrowser, signInAs } from '../specs/support/browser.js';

const [url, email, out, ...routes] = process.argv.slice(2);
const browser = await launchBrowser();
const [width, height] = (process.env.VIEWPORT ?? '1366x850').split('x').map(Number);
const page = await browser.newPage({ viewport: { width, height }, hasTouch: width < 768 });
if (email !== '-') {
  await signInAs(page, url, email, undefined, process.env.SIGNIN_QUERY ?? '');
  await page.waitForURL((u) => u.pathname !== '/', { timeout: 15000 }).catch(() => undefined);
}
for (const route of routes) {
  await page.goto(url + route);
  // Until the screen has loaded (no labelled spinner left), then a moment for dialogs and fonts.
  await page
    .locator('main h1')
    .first()
    .waitFor({ timeout: 15000 })
    .catch(() => undefined);
  await page
    .locator('[role="status"][aria-label^="Cargando"]')
    .first()
    .waitFor({ state: 'detached', timeout: 15000 })
    .catch(() => undefined);
  await page.waitForTimeout(500);
  const name = `${email.split('@')[0]}${route.replace(/[^a-zA-Z0-9]+/g, '_')}${width < 768 ? `_${width}` : ''}.png`;
  await page.screenshot({ path: `${out}/${name}` });
  console.log(`${out}/${name}`, page.url());
}
await browser.close();
