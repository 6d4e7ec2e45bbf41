/**
 * The offline gate's verdict on 1,000 passes, one after another as a gate gives them: the
 * signature (WebCrypto Ed25519), the kind, the community, the holder among 1,000 of a snapshot,
 * the revocations, the windows and the local log of who is inside. Prints the time per pass
 * (median, p95, max); the target is p95 ≤ 5 ms on the project's 2-core machine. Exits non-zero
 * when a pass is refused (then it measured the wrong path).
 */
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { issuePass, passKeysOf, publicKeyOf } from '../../../src/server/passes/passes.js';
import type { GateSnapshot } from '../../../src/shared/passes/gate.schema.js';
import { gateIndexOf, verifyOffline } from '../../../src/shared/passes/offline-verify.js';

const PASSES = Number(process.env.BENCH_PASSES ?? 1_000);
const keys = passKeysOf(generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString());
const community = randomUUID();
const event = randomUUID();
const now = Math.floor(Date.now() / 1000);
const guests = Array.from({ length: PASSES }, () => randomUUID());
const snapshot: GateSnapshot = {
  takenAt: new Date().toISOString(),
  community,
  publicKey: publicKeyOf(keys),
  events: [{ uuid: event, title: 'Posada de la privada', notBefore: now - 3600, notAfter: now + 3600 }],
  sites: [],
  holders: guests.map((uuid, i) => ({
    uuid,
    kind: 'massiveEventGuest' as const,
    place: event,
    firstName: `Invitado ${i}`,
    lastName: 'Prueba',
  })),
  revoked: Array.from({ length: 200 }, () => ({ subject: randomUUID(), reason: 'cancelled' as const })),
  cancelledEvents: [],
  inside: [],
};
const passes = guests.map((subject) =>
  issuePass(keys, { kind: 'massiveEventGuest', community, subject, notBefore: now - 3600, notAfter: now + 3600 }),
);

const index = await gateIndexOf(snapshot);
const inside = new Set<string>();
const times: number[] = [];
for (const [i, text] of passes.entries()) {
  const start = performance.now();
  const verdict = await verifyOffline(index, { text, direction: 'IN', at: Date.now(), recordId: randomUUID(), inside });
  times.push(performance.now() - start);
  if (!verdict.ok) throw new Error(`pass ${i} refused: ${verdict.reason}`);
  inside.add(guests[i]);
}
times.sort((a, b) => a - b);
const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
const p95 = at(0.95);
console.log(
  `offline verification of ${PASSES} passes: median ${at(0.5).toFixed(3)} ms, p95 ${p95.toFixed(3)} ms, max ${times.at(-1)!.toFixed(3)} ms per pass (target p95 ≤ 5 ms: ${p95 <= 5 ? 'met' : 'NOT met'})`,
);
