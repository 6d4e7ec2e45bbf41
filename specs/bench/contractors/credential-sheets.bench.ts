/**
 * The printable credentials of 50 workers (GET api/constructionWorkers/workerLicense?format=pdf):
 * the answer's time (target: under 5 s on a 2-core machine), its size and pages, and the event
 * loop's longest block meanwhile (the faces are drawn in the render threads; laying out the pages
 * runs on the loop). Prints the figures; never fails on a time. Run: `npm run bench -- credential-sheets`
 * (WORKERS and RUNS may be set).
 */
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { PDFDocument } from 'pdf-lib';
import { closeRenderPool } from '../../../src/server/massive-events/invitation-renderer.js';
import { signInActors } from '../../support/catalogue-actors.js';
import { approvedWorkers } from '../../support/contractors/credential-sheet-files.js';
import { workerSites } from '../../support/contractors/worker-fixtures.js';
import { testApp } from '../../support/test-app.js';

const WORKERS = Number(process.env.WORKERS ?? 50);
const RUNS = Number(process.env.RUNS ?? 3);

const t = await testApp();
try {
  const sites = await workerSites(t);
  const a = await signInActors(t);
  const uuids = await approvedWorkers(t, sites.mySite.uuid, WORKERS);
  const url = `/api/constructionWorkers/workerLicense?format=pdf&${uuids.map((u) => `uuid=${u}`).join('&')}`;
  console.log(`credentials PDF of ${WORKERS} workers, ${RUNS} runs (the first starts the render threads)`);
  for (let run = 1; run <= RUNS; run++) {
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const start = performance.now();
    const res = await a.admin.get(url);
    const elapsed = performance.now() - start;
    loop.disable();
    if (res.statusCode !== 200) throw new Error(`answer ${res.statusCode}: ${res.body.slice(0, 200)}`);
    const pages = (await PDFDocument.load(res.rawPayload)).getPageCount();
    console.log(
      `run ${run}: ${(elapsed / 1000).toFixed(2)} s, ${(res.rawPayload.byteLength / 1024 / 1024).toFixed(1)} MB, ` +
        `${pages} pages, event loop longest block ${(loop.max / 1e6).toFixed(0)} ms` +
        `${elapsed < 5000 ? '' : '  (over the 5 s target)'}`,
    );
  }
} finally {
  await closeRenderPool();
  await t.close();
}
