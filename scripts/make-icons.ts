// The installable app's icons (public/icons/*.png), drawn from public/logo.svg by Chromium:
// `tsx scripts/make-icons.ts`. Regular icons keep the logo's rounded square; maskable ones put
// the logo inside the safe zone (80%) on the brand colour, as launchers crop them to any shape.
import { mkdirSync, readFileSync } from 'node:fs';
import { launchBrowser } from '../specs/support/browser.js';

const svg = readFileSync(new URL('../public/logo.svg', import.meta.url), 'utf8');
const out = new URL('../public/icons/', import.meta.url).pathname;
mkdirSync(out, { recursive: true });
const browser = await launchBrowser();
for (const size of [192, 512]) {
  for (const maskable of [false, true]) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const inner = maskable ? Math.round(size * 0.8) : size;
    await page.setContent(`<html><body style="margin:0;background:${maskable ? '#0f766e' : 'transparent'};display:flex;align-items:center;justify-content:center;width:${size}px;height:${size}px">
      <div style="width:${inner}px;height:${inner}px">${svg.replace('<svg ', `<svg width="${inner}" height="${inner}" `)}</div></body></html>`);
    const file = `${out}porton-${size}${maskable ? '-maskable' : ''}.png`;
    await page.screenshot({ path: file, omitBackground: !maskable });
    console.log(file);
    await page.close();
  }
}
await browser.close();
