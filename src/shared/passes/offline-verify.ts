/**
 * A pass verified at a gate with no connection (docs/features.md#offline-gate), by the same rules
 * and in the same order as the server's check-in, with what the gate keeps (the snapshot) and its
 * own log of who went in or out since: the signature with the published key (WebCrypto Ed25519),
 * the kind, the community, the holder's state (a cancelled event, a worker rejected, deleted or not
 * approved, a guest no longer listed), the pass's window and the event's or site's current one, and
 * one entry at a time. The refusals are the server's own Spanish messages.
 */
import { CheckinMessages, WorkerCheckinMessages } from './checkin-rules.js';
import type { CheckinAnswer } from './checkin.schema.js';
import type { GateHolder, GateRevocation, GateSnapshot } from './gate.schema.js';
import { decodePass, fromBase64Url, type DecodedPass } from './pass-types.js';

/** The snapshot read once for fast look-ups, with its key imported. */
export interface GateIndex {
  community: string;
  keyId: string;
  key: CryptoKey;
  holders: Map<string, GateHolder>;
  revoked: Map<string, GateRevocation['reason']>;
  events: Map<string, { title: string; notBefore: number; notAfter: number }>;
  sites: Map<string, { name: string; number: string; notBefore: number; notAfter: number }>;
}

export type OfflineVerdict = { ok: true; answer: CheckinAnswer } | { ok: false; reason: string };

/** The published Ed25519 key, for verifying only. */
export async function importPassKey(publicKey: string): Promise<CryptoKey> {
  const raw = fromBase64Url(publicKey);
  if (raw?.length !== 32) throw new Error('not an Ed25519 public key');
  return crypto.subtle.importKey('raw', new Uint8Array(raw), { name: 'Ed25519' }, false, ['verify']);
}

export async function gateIndexOf(snapshot: GateSnapshot): Promise<GateIndex> {
  return {
    community: snapshot.community.toLowerCase(),
    keyId: snapshot.publicKey.keyId,
    key: await importPassKey(snapshot.publicKey.publicKey),
    holders: new Map(snapshot.holders.map((h) => [h.uuid, h])),
    revoked: new Map(snapshot.revoked.map((r) => [r.subject, r.reason])),
    events: new Map(snapshot.events.map(({ uuid, ...rest }) => [uuid, rest])),
    sites: new Map(snapshot.sites.map(({ uuid, ...rest }) => [uuid, rest])),
  };
}

type Kind = CheckinAnswer['kind'];

/** Each refusal's message by the pass's kind, as the server words it. */
const MESSAGES: Record<
  Kind,
  Record<'community' | 'notStarted' | 'ended' | 'gone' | 'alreadyInside' | 'notInside', string>
> = {
  massiveEventGuest: {
    community: CheckinMessages.community,
    notStarted: CheckinMessages.early,
    ended: CheckinMessages.ended,
    gone: CheckinMessages.guestDeleted,
    alreadyInside: CheckinMessages.alreadyInside,
    notInside: CheckinMessages.notInside,
  },
  workerCredential: {
    community: WorkerCheckinMessages.community,
    notStarted: WorkerCheckinMessages.siteNotStarted,
    ended: WorkerCheckinMessages.siteEnded,
    gone: WorkerCheckinMessages.workerDeleted,
    alreadyInside: WorkerCheckinMessages.alreadyInside,
    notInside: WorkerCheckinMessages.notInside,
  },
};

const REVOKED: Record<GateRevocation['reason'], string> = {
  cancelled: CheckinMessages.cancelled,
  workerRejected: WorkerCheckinMessages.workerRejected,
  workerDeleted: WorkerCheckinMessages.workerDeleted,
  workerNotApproved: WorkerCheckinMessages.workerNotApproved,
};

const refuse = (reason: string): OfflineVerdict => ({ ok: false, reason });

/** The signature checked with the published key; a pass of another key is forged. */
async function authentic(index: GateIndex, pass: DecodedPass): Promise<boolean> {
  if (pass.keyId !== index.keyId) return false;
  return crypto.subtle.verify(
    { name: 'Ed25519' },
    index.key,
    new Uint8Array(pass.signature),
    new Uint8Array(pass.payload),
  );
}

export interface OfflineCheck {
  text: string;
  direction: 'IN' | 'OUT';
  /** When (ms since the epoch). */
  at: number;
  /** The device's id of the record (the answer's visitUuid until the server gives its own). */
  recordId: string;
  /** Whose pass has an open entry now: the snapshot's inside list with the gate's own records since applied. */
  inside: ReadonlySet<string>;
}

/** The gate's verdict on a pass, offline. */
export async function verifyOffline(index: GateIndex, check: OfflineCheck): Promise<OfflineVerdict> {
  const pass = decodePass(check.text);
  if (!pass) return refuse(CheckinMessages.malformed);
  if (!(await authentic(index, pass))) return refuse(CheckinMessages.forged);
  if (pass.kind !== 'massiveEventGuest' && pass.kind !== 'workerCredential') return refuse(CheckinMessages.kind);
  const kind: Kind = pass.kind;
  const says = MESSAGES[kind];
  if (pass.community.toLowerCase() !== index.community) return refuse(says.community);
  const holder = index.holders.get(pass.subject);
  const inside = check.inside.has(pass.subject);
  const answer = (): CheckinAnswer => {
    const event = holder && kind === 'massiveEventGuest' ? index.events.get(holder.place) : undefined;
    const site = holder && kind === 'workerCredential' ? index.sites.get(holder.place) : undefined;
    return {
      visitUuid: check.recordId,
      direction: check.direction,
      kind,
      guest: { uuid: pass.subject, firstName: holder?.firstName ?? '', lastName: holder?.lastName ?? '' },
      event: event && holder ? { uuid: holder.place, title: event.title } : null,
      construction: site && holder ? { uuid: holder.place, name: site.name, number: site.number } : null,
      at: new Date(check.at).toISOString(),
    };
  };
  // Whoever is inside may always leave.
  if (check.direction === 'OUT') return inside ? { ok: true, answer: answer() } : refuse(says.notInside);
  const revoked = index.revoked.get(pass.subject);
  if (revoked) return refuse(REVOKED[revoked]);
  const seconds = Math.floor(check.at / 1000);
  // The window drawn in the pass, then the event's or site's current one.
  if (seconds < pass.notBefore) return refuse(says.notStarted);
  if (seconds > pass.notAfter) return refuse(says.ended);
  if (!holder || holder.kind !== kind) return refuse(says.gone);
  const window = kind === 'massiveEventGuest' ? index.events.get(holder.place) : index.sites.get(holder.place);
  if (!window) return refuse(says.gone);
  if (seconds < window.notBefore) return refuse(says.notStarted);
  if (seconds > window.notAfter) return refuse(says.ended);
  if (inside) return refuse(says.alreadyInside);
  return { ok: true, answer: answer() };
}
