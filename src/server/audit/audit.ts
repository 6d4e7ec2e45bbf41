import type { FastifyRequest } from 'fastify';
import type { AuditAction } from '../../shared/audit/audit-actions.js';
import type { Db, Queryable } from '../platform/db/db.js';

/** Who did it and from where: taken from the verified session or device token, never from input. */
export interface AuditWho {
  actorKind: 'user' | 'device' | 'anonymous';
  actorUserId: number | null;
  actorDeviceId: number | null;
  /** The actor as it read then: the account's email, the device's name, or the account a failed sign-in named. */
  actorLabel: string | null;
  /** The community the change belongs to (the session's, unless the route says otherwise). */
  communityId: number | null;
  address: string | null;
}

export interface AuditEvent extends AuditWho {
  action: AuditAction;
  recordUuid?: string | null;
  /** For updates: `{ column: { from, to } }`, secrets never included (see `changedFields`). */
  changes?: Record<string, { from: unknown; to: unknown }> | null;
}

/** The caller of a request as the trail names it. */
export function auditWho(req: FastifyRequest): AuditWho {
  const address = req.ip ? req.ip.slice(0, 64) : null;
  if (req.device) {
    return {
      actorKind: 'device',
      actorUserId: null,
      actorDeviceId: req.device.deviceId,
      actorLabel: req.device.name.slice(0, 160),
      communityId: req.device.communityId,
      address,
    };
  }
  if (req.auth) {
    return {
      actorKind: 'user',
      actorUserId: req.auth.userId,
      actorDeviceId: null,
      actorLabel: req.auth.email.slice(0, 160),
      communityId: req.auth.communityId,
      address,
    };
  }
  return {
    actorKind: 'anonymous',
    actorUserId: null,
    actorDeviceId: null,
    actorLabel: null,
    communityId: null,
    address,
  };
}

/**
 * Appends one event to the trail. Call it with the transaction that makes the change (`db.tx`'s
 * handle), so the event and the change commit or roll back together.
 */
export async function recordAudit(q: Queryable, event: AuditEvent): Promise<void> {
  await q.query(
    `INSERT INTO audit_events (actor_kind, actor_user_id, actor_device_id, actor_label, community_id, action, record_uuid, address, changes)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      event.actorKind,
      event.actorUserId,
      event.actorDeviceId,
      event.actorLabel,
      event.communityId,
      event.action,
      event.recordUuid ?? null,
      event.address,
      event.changes && Object.keys(event.changes).length ? JSON.stringify(event.changes) : null,
    ],
  );
}

/** Columns never written to the trail: secrets, and what changes by itself. */
const SECRET = /password|token|secret|hash|code|salt/i;
const NOISE = new Set(['id', 'uuid', 'search_text', 'created_at', 'updated_at', 'last_seen_at', 'online', 'logo_path']);

/** The columns that differ between two snapshots of a row, secrets and noise left out. */
export function changedFields(before: Record<string, unknown> | undefined, after: Record<string, unknown> | undefined) {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  if (!before || !after) return changes;
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (SECRET.test(key) || NOISE.has(key)) continue;
    if (JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null))
      changes[key] = { from: before[key] ?? null, to: after[key] ?? null };
  }
  return changes;
}

const SNAPSHOT_TABLES = new Set(['users', 'residents', 'integrators', 'communities', 'devices']);

/** A row as JSON, to compare before and after an update inside the same transaction. */
export async function rowSnapshot(
  q: Queryable,
  table: string,
  id: number,
): Promise<Record<string, unknown> | undefined> {
  if (!SNAPSHOT_TABLES.has(table)) throw new Error(`rowSnapshot: ${table} is not audited`);
  return (
    await q.one<{ row: Record<string, unknown> }>(`SELECT to_jsonb(t) AS row FROM ${table} t WHERE t.id = $1`, [id])
  )?.row;
}

/**
 * Runs `change` between two snapshots of one row and records what it changed, all in the caller's
 * transaction. The usual shape of an audited update.
 */
export async function auditedUpdate<T>(
  q: Queryable,
  who: AuditWho,
  target: {
    table: string;
    id: number;
    uuid: string;
    communityId?: number | null;
    /** The action, or a choice by what changed (a licence change among other edits). */
    action: AuditAction | ((changes: Record<string, unknown>) => AuditAction);
  },
  change: () => Promise<T>,
): Promise<T> {
  const before = await rowSnapshot(q, target.table, target.id);
  const result = await change();
  const after = await rowSnapshot(q, target.table, target.id);
  const changes = changedFields(before, after);
  await recordAudit(q, {
    ...who,
    communityId: target.communityId === undefined ? who.communityId : target.communityId,
    action: typeof target.action === 'function' ? target.action(changes) : target.action,
    recordUuid: target.uuid,
    changes,
  });
  return result;
}

/**
 * Deletes events older than `days` days: the only delete the table's trigger lets through, and only
 * for rows older than the bound this transaction announces. Answers how many went.
 */
export async function pruneAudit(db: Db, days: number): Promise<number> {
  return db.tx(async (q) => {
    const bound = await q.one<{ bound: string }>(
      `SELECT set_config('porton.audit_prune_before', (now() - make_interval(days => $1))::text, true) AS bound`,
      [days],
    );
    const gone = await q.one<{ n: number }>(
      'WITH gone AS (DELETE FROM audit_events WHERE occurred_at < $1::timestamptz RETURNING 1) SELECT count(*)::int AS n FROM gone',
      [bound!.bound],
    );
    return gone?.n ?? 0;
  });
}

/** Prunes now and then once a day; the timer never keeps the process alive. */
export function scheduleAuditPrune(db: Db, days: number, onError: (err: unknown) => void) {
  const run = () => {
    pruneAudit(db, days).catch(onError);
  };
  run();
  const timer = setInterval(run, 24 * 60 * 60 * 1000);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
