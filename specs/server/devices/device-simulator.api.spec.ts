import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { linkUri } from '../../../src/shared/devices/device-rules.js';
import type { DeviceAnswer } from '../../../src/shared/devices/device-types.js';
import { listenLocal } from '../../support/realtime-client.js';
import { testApp, type TestApp } from '../../support/test-app.js';

/** `npm run device` acts as a device against a running server, as the README tells a newcomer. */
const run = promisify(execFile);
let t: TestApp;
let base: string;
let admin: string;
let dir: string;

const simulator = (...args: string[]) =>
  run(process.execPath, ['--import', 'tsx', 'scripts/device.ts', ...args, '--state', join(dir, 'device.json')], {
    timeout: 30_000,
  }).then(
    ({ stdout }) => ({ code: 0, out: stdout }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      code: error.code,
      out: error.stdout + error.stderr,
    }),
  );

beforeAll(async () => {
  t = await testApp();
  base = await listenLocal(t.app);
  admin = await t.signIn('administrador@porton.mx');
  dir = mkdtempSync(join(tmpdir(), 'porton-device-'));
});
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

it('links with the QR text, registers an entry that the dashboard counts, and is refused once unlinked', async () => {
  const booth = (await t.as(admin).post('/api/devices/', { name: 'Caseta simulada' })).json() as DeviceAnswer;
  const { code } = (await t.as(admin).put(`/api/devices/linkCode/${booth.uuid}`)).json() as { code: string };
  const linked = await simulator('link', linkUri(base, code), '--once');
  expect(linked.code, linked.out).toBe(0);
  expect(linked.out).toContain('Vinculado: Caseta simulada (BOOTH) en Residencial Las Palmas');
  expect(linked.out).toMatch(/Token del dispositivo: dvc_\S+/);
  expect(linked.out).toContain('en línea');

  const before = (await t.as(admin).get('/api/visitantDashBoard/residentSummary')).json().entryCount as number;
  const visit = await simulator('visit', '--name', 'Lucía');
  expect(visit.code, visit.out).toBe(0);
  expect(visit.out).toContain('Entrada registrada: Lucía Simulado (MANUAL) por Caseta simulada');
  expect((await t.as(admin).get('/api/visitantDashBoard/residentSummary')).json().entryCount).toBe(before + 1);

  const { deviceToken } = (await t.as(admin).get(`/api/devices/${booth.uuid}`)).json() as DeviceAnswer;
  expect((await t.as(admin).put(`/api/devices/unlinkDevice/${booth.uuid}`, { deviceToken })).statusCode).toBe(200);
  const refused = await simulator('heartbeat', '--once');
  expect(refused.code).toBe(1);
  expect(refused.out).toContain('Rechazado: 401');
});
