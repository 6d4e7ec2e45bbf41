/**
 * Files in the folder against files in an S3-compatible store (s3rver in this process):
 *   - a 5 MB file stored, read whole (`get`) and read as a stream (`open`), median of ROUNDS;
 *   - 200 concurrent reads of a community logo over real HTTP (GET api/fracs/{uuid}/logo):
 *     total time and p95, once with the folder and once with S3_BUCKET.
 * s3rver keeps objects in a folder behind an HTTP server written in JavaScript, so its figures
 * measure the client and the extra hop, not a real store (MinIO, S3). Prints the figures; never
 * fails on a time. Run: `npx tsx specs/bench/platform/object-storage.bench.ts` (PGlite in memory,
 * or PostgreSQL with DATABASE_URL). ROUNDS, READS may be set.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Readable } from 'node:stream';
import { s3Storage } from '../../../src/server/platform/services/storage-s3.js';
import { folderStorage, type FileStorage } from '../../../src/server/platform/services/storage.js';
import { communityBody, communityUuid, logo, PNG_BASE64 } from '../../support/community-fixtures.js';
import { listenLocal } from '../../support/realtime-client.js';
import { startS3 } from '../../support/s3-server.js';
import { testApp } from '../../support/test-app.js';

const ROUNDS = Number(process.env.ROUNDS ?? 5);
const READS = Number(process.env.READS ?? 200);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
};
const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
const timed = async (fn: () => Promise<unknown>) => {
  const start = performance.now();
  await fn();
  return performance.now() - start;
};
const drain = async (stream: Readable) => {
  let n = 0;
  for await (const chunk of stream) n += (chunk as Buffer).length;
  return n;
};

async function fiveMegabytes(name: string, storage: FileStorage) {
  const data = randomBytes(5 * 1024 * 1024);
  const put: number[] = [];
  const get: number[] = [];
  const open: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const key = `bench/grande-${i}.pdf`;
    put.push(await timed(() => storage.put(key, data)));
    get.push(await timed(() => storage.get(key)));
    open.push(await timed(async () => drain((await storage.open(key))!.body)));
    await storage.remove(key);
  }
  console.log(`5 MB, ${name}: put ${fmt(median(put))}, get ${fmt(median(get))}, stream ${fmt(median(open))}`);
}

async function logoReads(name: string, env: Record<string, string>) {
  const t = await testApp({ checkAnswers: false, env });
  try {
    const integrador = t.as(await t.signIn('integrador@porton.mx'));
    const palmas = await communityUuid(t, 'Residencial Las Palmas');
    const body = await communityBody(t, { name: 'Residencial Las Palmas', licenseTotal: 150, file: logo(PNG_BASE64) });
    // The answer's link is the integrator's own; the administrator reads the logo's path with its session.
    const url = ((await integrador.put(`/api/fracs/${palmas}`, body)).json().file.publicUrl as string).split('?')[0];
    const base = await listenLocal(t.app);
    const token = await t.signIn('administrador@porton.mx');
    const times: number[] = [];
    const total = await timed(() =>
      Promise.all(
        Array.from({ length: READS }, () =>
          timed(async () => {
            const res = await fetch(`${base}${url}`, { headers: { authorization: `Bearer ${token}` } });
            if (res.status !== 200) throw new Error(`logo: ${res.status}`);
            await res.arrayBuffer();
          }).then((ms) => times.push(ms)),
        ),
      ),
    );
    console.log(`${READS} concurrent logo reads, ${name}: all in ${fmt(total)}, p95 ${fmt(percentile(times, 95))}`);
  } finally {
    await t.close();
  }
}

async function main() {
  const s3 = await startS3('porton-bench');
  const dir = mkdtempSync(join(tmpdir(), 'porton-bench-files-'));
  try {
    await fiveMegabytes('folder', folderStorage(dir));
    await fiveMegabytes('s3rver', s3Storage(s3.bucket, s3.client()));
    await logoReads('folder', {});
    // The SDK reads its own variables, as a deployed process would.
    Object.assign(process.env, s3.env);
    await logoReads('s3rver', { S3_BUCKET: s3.bucket });
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await s3.stop();
  }
}

await main();
