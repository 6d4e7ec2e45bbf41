/**
 * The offline gate's verdict, without the server: the same rules and the server's own Spanish
 * refusals, from the snapshot the gate keeps and its own log of who is inside.
 */
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { issuePass, passKeysOf, publicKeyOf, type PassKeys } from '../../../src/server/passes/passes.js';
import { CheckinMessages, WorkerCheckinMessages } from '../../../src/shared/passes/checkin-rules.js';
import type { GateSnapshot } from '../../../src/shared/passes/gate.schema.js';
import { gateIndexOf, verifyOffline, type GateIndex } from '../../../src/shared/passes/offline-verify.js';
import type { PassKind } from '../../../src/shared/passes/pass-types.js';
import { PASS_PREFIX, fromBase64Url, toBase64Url } from '../../../src/shared/passes/pass-types.js';

const pem = () => generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
const keys: PassKeys = passKeysOf(pem());
const community = randomUUID();
const event = randomUUID();
const cancelledEvent = randomUUID();
const site = randomUUID();
const guest = randomUUID();
const cancelledGuest = randomUUID();
const worker = randomUUID();
const rejected = randomUUID();
const inside = randomUUID();
const now = Math.floor(Date.now() / 1000);
let index: GateIndex;

beforeAll(async () => {
  const snapshot: GateSnapshot = {
    takenAt: new Date().toISOString(),
    community,
    publicKey: publicKeyOf(keys),
    events: [{ uuid: event, title: 'Posada de la privada', notBefore: now - 3600, notAfter: now + 3600 }],
    sites: [{ uuid: site, name: 'Casa Roble', number: '12', notBefore: now - 86400, notAfter: now + 86400 }],
    holders: [
      { uuid: guest, kind: 'massiveEventGuest', place: event, firstName: 'Ramona', lastName: 'Peña' },
      { uuid: inside, kind: 'massiveEventGuest', place: event, firstName: 'Tomás', lastName: 'Ruiz' },
      { uuid: worker, kind: 'workerCredential', place: site, firstName: 'Juan', lastName: 'Pérez' },
    ],
    revoked: [
      { subject: cancelledGuest, reason: 'cancelled' },
      { subject: rejected, reason: 'workerRejected' },
    ],
    cancelledEvents: [cancelledEvent],
    inside: [{ subject: inside, since: new Date().toISOString() }],
  };
  index = await gateIndexOf(snapshot);
});

const pass = (
  subject: string,
  over: Partial<{ kind: PassKind; community: string; notBefore: number; notAfter: number }> = {},
  k = keys,
) =>
  issuePass(k, { kind: 'massiveEventGuest', community, subject, notBefore: now - 3600, notAfter: now + 3600, ...over });
const verdict = (text: string, direction: 'IN' | 'OUT' = 'IN', insideNow: string[] = [inside]) =>
  verifyOffline(index, { text, direction, at: Date.now(), recordId: randomUUID(), inside: new Set(insideNow) });

describe('verifyOffline', () => {
  it('a valid invitation is let in with the guest’s name and the event; a worker’s credential with the site', async () => {
    const ok = await verdict(pass(guest));
    expect(ok).toMatchObject({
      ok: true,
      answer: {
        direction: 'IN',
        guest: { firstName: 'Ramona', lastName: 'Peña' },
        event: { title: 'Posada de la privada' },
      },
    });
    const w = await verdict(pass(worker, { kind: 'workerCredential', notAfter: now + 86400 }));
    expect(w).toMatchObject({
      ok: true,
      answer: { kind: 'workerCredential', construction: { name: 'Casa Roble', number: '12' } },
    });
  });

  it('a forged pass (a byte changed, another key) and a text that is not a pass are refused with the server’s words', async () => {
    const bytes = fromBase64Url(pass(guest).slice(PASS_PREFIX.length))!;
    bytes[30] ^= 1;
    expect(await verdict(PASS_PREFIX + toBase64Url(bytes))).toEqual({ ok: false, reason: CheckinMessages.forged });
    const other = passKeysOf(pem());
    expect(await verdict(pass(guest, {}, { ...other, keyId: keys.keyId }))).toEqual({
      ok: false,
      reason: CheckinMessages.forged,
    });
    expect(await verdict('hola')).toEqual({ ok: false, reason: CheckinMessages.malformed });
  });

  it('kind, community, a cancelled event, a rejected worker, a guest no longer listed, the window', async () => {
    expect(await verdict(pass(guest, { kind: 'deviceLink' }))).toEqual({ ok: false, reason: CheckinMessages.kind });
    expect(await verdict(pass(guest, { community: randomUUID() }))).toEqual({
      ok: false,
      reason: CheckinMessages.community,
    });
    expect(await verdict(pass(cancelledGuest))).toEqual({ ok: false, reason: CheckinMessages.cancelled });
    expect(await verdict(pass(rejected, { kind: 'workerCredential' }))).toEqual({
      ok: false,
      reason: WorkerCheckinMessages.workerRejected,
    });
    expect(await verdict(pass(randomUUID()))).toEqual({ ok: false, reason: CheckinMessages.guestDeleted });
    expect(await verdict(pass(guest, { notBefore: now + 600 }))).toEqual({ ok: false, reason: CheckinMessages.early });
    expect(await verdict(pass(guest, { notBefore: now - 7200, notAfter: now - 60 }))).toEqual({
      ok: false,
      reason: CheckinMessages.ended,
    });
  });

  it('one entry at a time by the local log: inside is refused, and may leave; not inside may not leave', async () => {
    expect(await verdict(pass(inside))).toEqual({ ok: false, reason: CheckinMessages.alreadyInside });
    expect(await verdict(pass(inside), 'OUT')).toMatchObject({ ok: true, answer: { direction: 'OUT' } });
    expect(await verdict(pass(guest), 'OUT')).toEqual({ ok: false, reason: CheckinMessages.notInside });
    expect(await verdict(pass(guest), 'IN', [guest])).toEqual({ ok: false, reason: CheckinMessages.alreadyInside });
  });
});
