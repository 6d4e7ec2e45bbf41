// Dev aid: screenshots of screens as a given role. `tsx scripts/screenshot.ts <url> <email> <out-dir> <path>...`
import { launchBrowser, signInAs } from '../specs/support/browser.js';

const [url, email, out, ...routes] = process.argv.slice(2);
const browser = await launchBrowser();
const page = await browser.newPage({ viewport: { width: 1366, height: 850 } });
if (email !== '-') {
  await signInAs(page, url, email);
  await page.waitForURL((u) => u.pathname !== '/', { timeout: 15000 }).catch(() => undefined);
}
for (const route of routes) {
  await page.goto(url + route);
  await page.waitForTimeout(1200);
  const name = `${email.split('@')[0]}${route.replace(/[^a-zA-Z0-9]+/g, '_')}.png`;
  await page.screenshot({ path: `${out}/${name}` });
  console.log(`${out}/${name}`, page.url());
}
await browser.close();
