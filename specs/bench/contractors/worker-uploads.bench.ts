/**
 * A contractor's largest worker request (10 workers, each a photo and two documents, the body
 * limit's worth) while another user uses the API, in one process over real HTTP:
 *   - big:    every document a 5000x5000 single-colour PNG (about 80 KB each on the wire);
 *   - bomb:   every photo and document an interlaced PNG claiming 100x100 whose data inflates
 *             to about 280 MB (as many as the body limit holds);
 *   - budget: every document a real image, together as many pixels as one request may carry
 *             (identification PNG, proof of address JPEG), decoded and stored.
 * For each: the upload's status and time; the other user's calls meanwhile (GET api/zones and
 * GET api/users/whoami as the community's administrator, one after another) p50 / p99 / max; the
 * event loop's longest block; the process's memory (RSS) before, its peak sampled meanwhile and
 * the OS's peak (maxRSS). Each scenario runs in a process of its own, so the peaks are its own.
 * Target: the other calls' p99 at most 100 ms, memory bounded. Prints the figures; never fails on a
 * time. Run: `npm run bench -- worker-uploads` (SCENARIOS=big,bomb,budget and SECONDS, how long the
 * request is sent again and again, at least once, may be set).
 */
import { spawnSync } from 'node:child_process';
import { request } from 'node:http';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import jpeg from 'jpeg-js';
import { pngBase64 } from '../../support/massive-events/event-fixtures.js';
import { interlacedBombPng, pageColour, pagePng, singleColourPng } from '../../support/png-craft.js';
import { listenLocal, pause } from '../../support/realtime-client.js';
import { testApp } from '../../support/test-app.js';
import { REQUEST_PIXEL_BUDGET } from '../../../src/server/contractors/worker-files.js';
import { filePayload, workerSites } from '../../support/contractors/worker-fixtures.js';

const SCENARIOS = (process.env.SCENARIOS ?? 'big,bomb,budget').split(',');
const WORKERS = 10;
/** How long the contractor keeps sending the request (it is sent at least once). */
const SECONDS = Number(process.env.SECONDS ?? 10);
/** The budget scenario's documents: 20 of as many pixels as the request's budget leaves after the photos. */
const BUDGET_SIDE = {
  width: Math.floor((REQUEST_PIXEL_BUDGET - WORKERS * 100 * 100) / (2 * WORKERS) / 1000),
  height: 1000,
};

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
};
const ms = (value: number) => `${value.toFixed(1)} ms`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

function jpegOf(width: number, height: number): Buffer {
  const data = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) data.set([...pageColour(x, y), 255], (y * width + x) * 4);
  return Buffer.from(jpeg.encode({ data, width, height }, 75).data);
}

async function body(scenario: string, site: string) {
  const photo = () => filePayload(pngBase64(100, 100), 'foto.png', 'image/png');
  let documents: [Buffer, string, string][];
  let photoOf = photo;
  if (scenario === 'big') {
    const big = await singleColourPng(5000, 5000);
    documents = [
      [big, 'ine.png', 'image/png'],
      [big, 'comprobante.png', 'image/png'],
    ];
  } else if (scenario === 'bomb') {
    const bomb = await interlacedBombPng(280 * 1024 * 1024);
    documents = [
      [bomb, 'ine.png', 'image/png'],
      [bomb, 'comprobante.png', 'image/png'],
    ];
    photoOf = () => filePayload(bomb.toString('base64'), 'foto.png', 'image/png');
  } else {
    documents = [
      [pagePng(BUDGET_SIDE.width, BUDGET_SIDE.height), 'ine.png', 'image/png'],
      [jpegOf(BUDGET_SIDE.width, BUDGET_SIDE.height), 'comprobante.jpg', 'image/jpeg'],
    ];
  }
  const [id, proof] = documents.map(([data, name, type]) => filePayload(data.toString('base64'), name, type));
  return {
    construction: { uuid: site },
    workers: Array.from({ length: WORKERS }, (_, i) => ({
      firstName: `Obrero ${i}`,
      lastName: 'Prueba',
      photo: photoOf(),
      identification: id,
      proofOfAddress: proof,
    })),
  };
}

/**
 * A POST whose body is already bytes, over node:http: the client's own work (encoding an 11 MB
 * string, copying it into a stream) would otherwise be counted as the server's, in this process.
 */
function post(url: string, token: string, body: Buffer): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': body.length,
        },
      },
      (res) => {
        const parts: Buffer[] = [];
        res.on('data', (part: Buffer) => parts.push(part));
        res.on('end', () => resolve({ status: res.statusCode!, body: Buffer.concat(parts).toString('utf8') }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function runScenario(scenario: string) {
  const t = await testApp({ checkAnswers: false });
  const sites = await workerSites(t);
  const url = await listenLocal(t.app);
  const [admin, contractor] = await Promise.all([
    t.signIn('administrador@porton.mx'),
    t.signIn('contratista@porton.mx'),
  ]);
  const payload = Buffer.from(JSON.stringify(await body(scenario, sites.mySite.uuid)));
  const call = (path: string, token: string) =>
    fetch(`${url}${path}`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.arrayBuffer());
  // Warm up: the routes, and one small worker request (the decoding path's first use).
  for (let i = 0; i < 20; i++) {
    await call('/api/zones', admin);
    await call('/api/users/whoami', admin);
  }
  const warm = await fetch(`${url}/api/constructionWorkerRequests`, {
    method: 'POST',
    headers: { authorization: `Bearer ${contractor}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      construction: { uuid: sites.mySite.uuid },
      workers: [
        {
          firstName: 'Tibio',
          lastName: 'Prueba',
          photo: filePayload(pngBase64(100, 100), 'f.png', 'image/png'),
          identification: filePayload(pngBase64(300, 200), 'i.png', 'image/png'),
          proofOfAddress: filePayload(pngBase64(300, 200), 'c.png', 'image/png'),
        },
      ],
    }),
  });
  if (warm.status !== 201) throw new Error(`warm-up request: ${warm.status} ${await warm.text()}`);
  global.gc?.();
  await pause(200);

  const before = process.memoryUsage();
  const rssBefore = before.rss;
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
  }, 20);
  const loop = monitorEventLoopDelay({ resolution: 5 });
  const latencies: number[] = [];
  let uploading = true;
  const probe = (async () => {
    for (let i = 0; uploading; i++) {
      const s = performance.now();
      await call(i % 2 ? '/api/users/whoami' : '/api/zones', admin);
      latencies.push(performance.now() - s);
      await pause(5);
    }
  })();
  loop.enable();
  // The same request again and again for SECONDS (at least once): enough of the other user's calls for a p99.
  const times: number[] = [];
  const statuses = new Map<string, number>();
  const start = performance.now();
  do {
    const s = performance.now();
    const res = await post(`${url}/api/constructionWorkerRequests`, contractor, payload);
    times.push(performance.now() - s);
    const answer =
      res.status >= 400
        ? `${res.status} "${(JSON.parse(res.body) as { error_description: string }).error_description}"`
        : String(res.status);
    statuses.set(answer, (statuses.get(answer) ?? 0) + 1);
  } while (performance.now() - start < SECONDS * 1000);
  uploading = false;
  await probe;
  loop.disable();
  clearInterval(sampler);
  rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
  console.log(
    `${scenario}: body ${mb(payload.length)}; ${times.length} request(s), answered in ${ms(percentile(times, 50))} (median), ${[...statuses].map(([a, n]) => `${n} × ${a}`).join('; ')}`,
  );
  console.log(
    `  other calls: ${latencies.length}, p50 ${ms(percentile(latencies, 50))}, p99 ${ms(percentile(latencies, 99))}, max ${ms(Math.max(...latencies))} (target p99 ≤ 100 ms)`,
  );
  console.log(`  event loop: longest block ${ms(loop.max / 1e6)}, p99 ${ms(loop.percentile(99) / 1e6)}`);
  console.log(
    `  memory: RSS before ${mb(rssBefore)}, peak sampled ${mb(rssPeak)} (+${mb(rssPeak - rssBefore)}), OS peak (maxRSS) ${mb(process.resourceUsage().maxRSS * 1024)}`,
  );
  // What stays once the garbage is collected: a leak would show here, unused allocator pages would not.
  global.gc?.();
  await pause(500);
  global.gc?.();
  const after = process.memoryUsage();
  console.log(
    `  after a full GC: RSS ${mb(after.rss)}, JS heap ${mb(after.heapUsed)}, buffers ${mb(after.arrayBuffers)} (before: ${mb(before.heapUsed)}, ${mb(before.arrayBuffers)})`,
  );
  await t.close();
}

if (process.env.SCENARIO) {
  await runScenario(process.env.SCENARIO);
  process.exit(0);
}
const self = fileURLToPath(import.meta.url);
console.log(`worker uploads: ${WORKERS} workers per request, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`);
for (const scenario of SCENARIOS) {
  const run = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', self], {
    stdio: 'inherit',
    env: { ...process.env, SCENARIO: scenario },
  });
  if (run.status !== 0) {
    console.error(`${scenario} ended with ${run.status ?? run.signal}`);
    process.exit(1);
  }
}
