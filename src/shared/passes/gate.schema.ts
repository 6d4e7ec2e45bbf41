/**
 * The offline gate (docs/features.md#offline-gate): what a gate keeps to verify passes without a
 * connection (GET api/gate/snapshot), and the entries and exits it let through offline, sent
 * back in order (POST api/gate/sync).
 */
import * as v from 'valibot';
import { CheckinAnswerSchema } from './checkin.schema.js';
import { PASS_TEXT_MAX } from './pass-types.js';
import { PassPublicKeySchema } from './pass.answer.js';

/** How many records one sync carries at most (a gate sends the rest in the next). */
export const GATE_SYNC_MAX = 200;
/** How far ahead of the server's clock a record's time may be (a device's clock drifts). */
export const GATE_CLOCK_SKEW_SECONDS = 300;
/** How old a record may be and still be applied: a gate offline longer than this lost its records' meaning. */
export const GATE_RECORD_MAX_AGE_HOURS = 72;
/** How far ahead the snapshot reaches: events and sites whose window opens within this many hours. */
export const GATE_SNAPSHOT_AHEAD_HOURS = 24;

export const GateSyncTexts = {
  badTime: 'La hora del registro no es válida: es futura o tiene más de 72 horas.',
  badId: 'Cada registro necesita un identificador UUID del dispositivo.',
  tooMany: `Se pueden sincronizar hasta ${GATE_SYNC_MAX} registros a la vez.`,
} as const;

/** The window a pass of an event or a site may enter in (Unix seconds, inclusive), as the server reads it now. */
const WindowSchema = { notBefore: v.number(), notAfter: v.number() };

/**
 * Who may come in, with no more than the gate's screen shows: the guests of the events and the
 * approved workers of the sites whose window is open or opens soon, by name, with their event or site.
 */
export const GateHolderSchema = v.object({
  uuid: v.string(),
  kind: v.picklist(['massiveEventGuest', 'workerCredential']),
  /** The event's or the site's uuid. */
  place: v.string(),
  firstName: v.string(),
  lastName: v.string(),
});

/** A pass that no longer opens the gate, and why (the refusal the server gives). */
export const GateRevocationSchema = v.object({
  subject: v.string(),
  reason: v.picklist(['cancelled', 'workerRejected', 'workerDeleted', 'workerNotApproved']),
});

export const GateSnapshotSchema = v.object({
  /** When the server read it (ISO). */
  takenAt: v.string(),
  community: v.string(),
  publicKey: PassPublicKeySchema,
  events: v.array(v.object({ uuid: v.string(), title: v.string(), ...WindowSchema })),
  sites: v.array(v.object({ uuid: v.string(), name: v.string(), number: v.string(), ...WindowSchema })),
  holders: v.array(GateHolderSchema),
  /** Cancelled events' guests and workers rejected, deleted or no longer approved; a guest deleted from the list is simply not among the holders. */
  revoked: v.array(GateRevocationSchema),
  cancelledEvents: v.array(v.string()),
  /** Whose pass has an open entry (by the pass's subject) and since when. */
  inside: v.array(v.object({ subject: v.string(), since: v.string() })),
});
export type GateSnapshot = v.InferOutput<typeof GateSnapshotSchema>;
export type GateHolder = v.InferOutput<typeof GateHolderSchema>;
export type GateRevocation = v.InferOutput<typeof GateRevocationSchema>;

/** One entry or exit let through offline: the device's own id, the pass, the direction and when. */
export const GateRecordSchema = v.object({
  id: v.pipe(v.string(GateSyncTexts.badId), v.uuid(GateSyncTexts.badId)),
  pass: v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(PASS_TEXT_MAX)),
  direction: v.picklist(['IN', 'OUT']),
  at: v.pipe(v.string(GateSyncTexts.badTime), v.isoTimestamp(GateSyncTexts.badTime)),
});
export type GateRecord = v.InferOutput<typeof GateRecordSchema>;

export const GateSyncBodySchema = v.object({
  records: v.pipe(v.array(GateRecordSchema), v.maxLength(GATE_SYNC_MAX, GateSyncTexts.tooMany)),
});

/**
 * The server's decision on one record: `accepted` (the entry or exit is on record with the
 * record's own time) or `refused` with the server's Spanish reason (the same guest let in at
 * another gate first: 'Este invitado ya ingresó'). `replayed` when the record had been sent before:
 * the answer is the first decision, nothing is applied twice.
 */
export const GateSyncOutcomeSchema = v.object({
  id: v.string(),
  outcome: v.picklist(['accepted', 'refused']),
  decision: v.string(),
  replayed: v.boolean(),
  entry: v.nullable(CheckinAnswerSchema),
});
export type GateSyncOutcome = v.InferOutput<typeof GateSyncOutcomeSchema>;

export const GateSyncAnswerSchema = v.object({ outcomes: v.array(GateSyncOutcomeSchema) });
export type GateSyncAnswer = v.InferOutput<typeof GateSyncAnswerSchema>;
