/**
 * The Chromium the browser tests drive: `CHROMIUM_PATH`, else Debian's headless shell when it is
 * installed, else Debian's full browser. The headless shell is Chromium without the browser's own
 * interface (what Playwright itself runs for headless tests): the same engine for the pages, with
 * about a third less CPU over the browser layer (docs/testing.md).
 */
import { existsSync } from 'node:fs';

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const CHROMIUM =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
