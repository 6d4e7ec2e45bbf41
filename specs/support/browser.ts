import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { freePort } from './free-port.js';
import { CHROMIUM } from './chromium-path.js';

export { CHROMIUM };
export const hasChromium = () => existsSync(CHROMIUM);

export interface RunningServer {
  url: string;
  dataDir: string;
  stop: () => Promise<void>;
  output: () => string;
}

/**
 * Starts the app the way the README does (`npm start`) on a data folder of its own and a free
 * port. The folder is a copy of the one the e2e global setup made on the first start (the demo
 * data, as `npm start` leaves it), or empty with `fresh` or outside that setup.
 */
export async function startServer(
  env: Record<string, string> = {},
  options: { fresh?: boolean; keepData?: boolean } = {},
): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'porton-e2e-'));
  const template = process.env.PORTON_E2E_TEMPLATE;
  if (!options.fresh && template && existsSync(template)) cpSync(template, dataDir, { recursive: true });
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => {
    out += d;
  });
  child.stderr!.on('data', (d) => {
    out += d;
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  while (!out.includes('Portón está listo')) {
    if (child.exitCode !== null) throw new Error(`server exited: ${out}`);
    if (Date.now() > deadline) throw new Error(`server did not start: ${out}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    dataDir,
    output: () => out,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGINT');
        await exited;
      }
      if (!options.keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function launchBrowser(): Promise<Browser> {
  // Playwright gives every launch a fresh, empty profile of its own.
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  // Every page of the tests belongs to a user who asks for less motion: the app then opens and
  // closes dialogs, drawers and menus without animation (docs/testing.md), so no step waits one
  // out. Playwright sets the preference per context, so each new context gets it unless it says.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = (options = {}) => newContext({ reducedMotion: 'reduce', ...options });
  return browser;
}

/** Signs in through the real main sign-in screen. */
export async function signInAs(page: Page, baseUrl: string, email: string, password = 'Porton2026', query = '') {
  await page.goto(`${baseUrl}/${query}`);
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña').fill(password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
}

/**
 * The server the global setup started for this worker (`VITEST_POOL_ID` counts workers from 1),
 * as a server the file does not stop; none outside that setup.
 */
function workerServer(): RunningServer | undefined {
  const urls = JSON.parse(process.env.PORTON_E2E_SERVERS ?? '[]') as string[];
  const url = urls[Number(process.env.VITEST_POOL_ID) - 1];
  if (!url) return undefined;
  return { url, dataDir: '', stop: async () => {}, output: () => '' };
}

/**
 * A server and one Chromium for a spec file; the browser is closed after it. Without `env` the
 * file uses its worker's server, shared with the files the worker ran before: a file changes the
 * demo data only in ways it undoes or that no other file reads (docs/testing.md). With `env` it
 * starts a server of its own on a copy of the demo data, stopped after it. `ready` receives both
 * once they are up.
 */
export function browserSuite(
  ready: (server: RunningServer, browser: Browser) => void,
  env: Record<string, string> = {},
) {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    if (!hasChromium()) throw new Error(`Chromium is not installed at ${CHROMIUM} (.ci/run installs it)`);
    server = (Object.keys(env).length ? undefined : workerServer()) ?? (await startServer(env));
    browser = await launchBrowser();
    ready(server, browser);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
}

/**
 * Holds every request of the page matching `pattern` (a screen's code, an API page) until
 * `release()`, as a slow connection would: `held()` says how many have arrived, so a test can
 * check the request it means to hold was made before it acts.
 */
export async function holdRequests(page: Page, pattern: string) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  let held = 0;
  await page.route(pattern, async (route) => {
    held++;
    await gate;
    await route.continue();
  });
  return { release, held: () => held };
}
