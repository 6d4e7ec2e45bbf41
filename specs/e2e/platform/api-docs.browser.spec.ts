import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserSuite, type RunningServer } from '../../support/browser.js';

let server: RunningServer;
let browser: Browser;

browserSuite((s, b) => {
  server = s;
  browser = b;
});

describe('the browsable API reference at /api/docs', () => {
  // Swagger UI (5.3x) virtualises the operation list of a large document: only the operations near the
  // viewport are in the DOM. The test scrolls the page end to end and collects every operation it meets.
  it("opens under the app's Content-Security-Policy, from the server's own assets, and lists every operation of the document", async () => {
    const doc = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { operationId: string; tags: string[] }>>;
    };
    const expected = Object.values(doc.paths).flatMap((item) =>
      Object.values(item).map((op) => `operations-${op.tags[0].replace(/\s/g, '_')}-${op.operationId}`),
    );
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems: string[] = [];
    const requests: string[] = [];
    page.on('pageerror', (e) => problems.push(String(e)));
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(m.text());
    });
    page.on('request', (r) => requests.push(r.url()));
    const res = await page.goto(`${server.url}/api/docs/`);
    expect(res!.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.locator('.opblock').first().waitFor();
    const seen = new Set<string>();
    for (let step = 0; step < 1000; step++) {
      for (const id of await page.locator('.opblock').evaluateAll((els) => els.map((e) => e.id))) seen.add(id);
      const atEnd = await page.evaluate(() => {
        const before = window.scrollY;
        window.scrollBy(0, 600);
        return window.scrollY === before;
      });
      await page.waitForTimeout(30);
      if (atEnd && step > 3) break;
    }
    expect([...seen].sort()).toEqual([...new Set(expected)].sort());
    await expect(page.title()).resolves.toBe('Portón API: referencia');
    expect(problems).toEqual([]);
    expect(requests.filter((u) => !u.startsWith(server.url) && !u.startsWith('data:'))).toEqual([]);
    await page.close();
  });
});
