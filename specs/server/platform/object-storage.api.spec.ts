/**
 * Uploaded files in an S3-compatible bucket (S3_BUCKET), here s3rver in this process: the storage
 * calls round-trip, a missing object is null (404 at the routes), removing an absent key is no
 * error, a 5 MB file goes in and comes out as a stream; and the app with S3_BUCKET stores a
 * community logo in the bucket, serves it, removes the replaced and deleted bytes there, and
 * writes nothing under DATA_DIR/files; `npm run files:to-s3` copies a files folder into the bucket
 * and may be run again.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Community } from '../../../src/shared/communities/community-types.js';
import { s3ObjectSize, s3Put, s3Storage } from '../../../src/server/platform/services/storage-s3.js';
import { storageFor } from '../../../src/server/platform/services/storage.js';
import { communityBody, communityUuid, JPEG_BASE64, logo, PNG_BASE64 } from '../../support/community-fixtures.js';
import { startS3 } from '../../support/s3-server.js';
import { testApp, type TestApp } from '../../support/test-app.js';

let s3: Awaited<ReturnType<typeof startS3>>;
let t: TestApp;
const saved: Record<string, string | undefined> = {};
beforeAll(async () => {
  s3 = await startS3();
  // The SDK reads its own variables, as a deployed process would.
  for (const [name, value] of Object.entries(s3.env)) {
    saved[name] = process.env[name];
    process.env[name] = value;
  }
  t = await testApp({ env: { S3_BUCKET: s3.bucket } });
});
afterAll(async () => {
  await t?.close();
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  await s3?.stop();
});

const read = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

describe('the S3 storage', () => {
  it('stores, reads, streams and removes bytes under our keys; a missing key is null', async () => {
    const storage = s3Storage(s3.bucket, s3.client());
    const data = randomBytes(1000);
    await storage.put('logos/prueba.png', data);
    expect(await storage.get('logos/prueba.png')).toEqual(data);
    const opened = (await storage.open('logos/prueba.png'))!;
    expect(opened.size).toBe(1000);
    expect(await read(opened.body)).toEqual(data);
    await storage.remove('logos/prueba.png');
    expect(await storage.get('logos/prueba.png')).toBeNull();
    expect(await storage.open('logos/prueba.png')).toBeNull();
    await storage.remove('logos/prueba.png');
    await expect(storage.put('../fuera', data)).rejects.toThrow(/invalid storage key/);
  });

  it('takes a 5 MB file as a stream and gives it back as one', async () => {
    const client = s3.client();
    const data = randomBytes(5 * 1024 * 1024);
    const chunks = Array.from({ length: 5 }, (_, i) => data.subarray(i * 1024 * 1024, (i + 1) * 1024 * 1024));
    await s3Put(client, s3.bucket, 'docs/grande.pdf', Readable.from(chunks), data.length);
    expect(await s3ObjectSize(client, s3.bucket, 'docs/grande.pdf')).toBe(data.length);
    expect(await s3ObjectSize(client, s3.bucket, 'docs/no-existe.pdf')).toBeNull();
    const opened = (await s3Storage(s3.bucket, client).open('docs/grande.pdf'))!;
    expect(opened.size).toBe(data.length);
    expect((await read(opened.body)).equals(data)).toBe(true);
  });
});

describe('the app with S3_BUCKET', () => {
  it('keeps a logo in the bucket, serves it, and removes replaced and removed bytes there; DATA_DIR holds none', async () => {
    expect(storageFor(t.config)).toBe(storageFor({ dataDir: 'otra', s3Bucket: s3.bucket }));
    const client = s3.client();
    const integrador = t.as(await t.signIn('integrador@porton.mx'));
    const palmas = await communityUuid(t, 'Residencial Las Palmas');
    const base = await communityBody(t, { name: 'Residencial Las Palmas', licenseTotal: 150 });
    const keyOf = async () =>
      (await t.db.one<{ logo_path: string | null }>('SELECT logo_path FROM communities WHERE uuid = $1', [palmas]))!
        .logo_path;

    const withLogo: Community = (
      await integrador.put(`/api/fracs/${palmas}`, { ...base, file: logo(PNG_BASE64) })
    ).json();
    const first = (await keyOf())!;
    const stored = await s3Storage(s3.bucket, client).get(first);
    expect(stored).not.toBeNull();
    const served = await integrador.get(withLogo.file!.publicUrl);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(Number(served.headers['content-length'])).toBe(stored!.length);
    expect(served.rawPayload.equals(stored!)).toBe(true);

    const replaced: Community = (
      await integrador.put(`/api/fracs/${palmas}`, { ...base, file: logo(JPEG_BASE64, 'image/jpeg', 'nuevo.jpg') })
    ).json();
    expect((await integrador.get(replaced.file!.publicUrl)).headers['content-type']).toBe('image/jpeg');
    expect(await s3ObjectSize(client, s3.bucket, first)).toBeNull();
    const second = (await keyOf())!;

    // An object gone from the bucket answers 404, as a file gone from the folder does.
    await s3Storage(s3.bucket, client).remove(second);
    const gone = await integrador.get(replaced.file!.publicUrl);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error_description).toBe('El fraccionamiento no tiene logo.');

    await integrador.put(`/api/fracs/${palmas}`, { ...base, file: logo(PNG_BASE64) });
    const third = (await keyOf())!;
    expect(await s3ObjectSize(client, s3.bucket, third)).toBeGreaterThan(0);
    await integrador.put(`/api/fracs/${palmas}`, { ...base, file: null });
    expect(await s3ObjectSize(client, s3.bucket, third)).toBeNull();

    expect(existsSync(join(t.config.dataDir, 'files'))).toBe(false);
  });
});

describe('npm run files:to-s3', () => {
  it('copies a files folder into the bucket under the same keys, and skips what is there on a second run', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'porton-to-s3-'));
    try {
      const files = join(dataDir, 'files');
      mkdirSync(join(files, 'logos'), { recursive: true });
      mkdirSync(join(files, 'workers', 'abc'), { recursive: true });
      const logoBytes = randomBytes(300);
      writeFileSync(join(files, 'logos', 'viejo.png'), logoBytes);
      writeFileSync(join(files, 'workers', 'abc', 'ine.pdf'), randomBytes(70_000));
      const run = () =>
        promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/files-to-s3.ts'], {
          env: { ...process.env, ...s3.env, DATA_DIR: dataDir },
        });
      const first = await run();
      expect(first.stdout).toContain('2 copiados (70300 bytes), 0 ya estaban');
      expect(await s3Storage(s3.bucket, s3.client()).get('logos/viejo.png')).toEqual(logoBytes);
      expect(await s3ObjectSize(s3.client(), s3.bucket, 'workers/abc/ine.pdf')).toBe(70_000);
      const second = await run();
      expect(second.stdout).toContain('0 copiados (0 bytes), 2 ya estaban');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
