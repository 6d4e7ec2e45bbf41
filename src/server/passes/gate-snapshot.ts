/**
 * What an offline gate keeps (docs/features.md#offline-gate), read for one community: the events
 * and sites whose window is open or opens within GATE_SNAPSHOT_AHEAD_HOURS, the guests and approved
 * workers who may come in with them (their names: what the gate's screen shows), the passes revoked
 * (a cancelled event's guests; rejected, deleted or not approved workers) and who is inside now.
 */
import { WorkerStatus } from '../../shared/contractors/worker-rules.js';
import {
  GATE_SNAPSHOT_AHEAD_HOURS,
  type GateHolder,
  type GateRevocation,
  type GateSnapshot,
} from '../../shared/passes/gate.schema.js';
import type { PassPublicKey } from '../../shared/passes/pass-types.js';
import { SITE_WINDOW_SQL } from '../contractors/credential-jobs.js';
import { PASS_WINDOW_SQL } from '../massive-events/invitation-jobs.js';
import type { Queryable } from '../platform/db/db.js';

interface EventWindow {
  id: number;
  uuid: string;
  title: string;
  cancelled: boolean;
  notBefore: string;
  notAfter: string;
}

interface SiteWindow {
  id: number;
  uuid: string;
  name: string;
  number: string;
  notBefore: string;
  notAfter: string;
}

/** The windows still to come or open now, up to the horizon (epoch seconds `$2`, `$3`). */
const NEAR = (window: string) =>
  `SELECT * FROM (${window}) w WHERE w."notAfter" >= $2 AND w."notBefore" <= $3 ORDER BY w."notBefore", w.id`;

export async function gateSnapshot(
  q: Queryable,
  community: { id: number; uuid: string },
  publicKey: PassPublicKey,
  now = Date.now(),
): Promise<GateSnapshot> {
  const at = Math.floor(now / 1000);
  const horizon = [community.id, at, at + GATE_SNAPSHOT_AHEAD_HOURS * 3600];
  const events = await q.query<EventWindow>(
    NEAR(`SELECT e.id, e.uuid::text AS uuid, e.title, e.status = 'Cancelado' AS cancelled, ${PASS_WINDOW_SQL}
            FROM massive_events e JOIN communities c ON c.id = e.community_id WHERE e.community_id = $1`),
    horizon,
  );
  const sites = await q.query<SiteWindow>(
    NEAR(`SELECT c.id, c.uuid::text AS uuid, c.name, c.street_number AS number, ${SITE_WINDOW_SQL}
            FROM constructions c WHERE c.community_id = $1`),
    horizon,
  );
  const eventIds = events.map((e) => e.id);
  const guests = await q.query<{
    uuid: string;
    event: string;
    cancelled: boolean;
    firstName: string;
    lastName: string;
  }>(
    `SELECT g.uuid::text AS uuid, e.uuid::text AS event, e.status = 'Cancelado' AS cancelled,
            g.first_name AS "firstName", g.last_name AS "lastName"
       FROM massive_event_guests g JOIN massive_events e ON e.id = g.massive_event_id
      WHERE e.community_id = $1 AND e.id = ANY($2::int[]) ORDER BY g.id`,
    [community.id, eventIds],
  );
  const workers = await q.query<{
    uuid: string;
    site: string;
    status: string;
    deleted: boolean;
    firstName: string;
    lastName: string;
  }>(
    `SELECT w.uuid::text AS uuid, c.uuid::text AS site, w.status, w.deleted_at IS NOT NULL AS deleted,
            w.first_name AS "firstName", w.last_name AS "lastName"
       FROM construction_workers w JOIN constructions c ON c.id = w.construction_id
      WHERE w.community_id = $1 AND c.id = ANY($2::int[]) ORDER BY w.id`,
    [community.id, sites.map((s) => s.id)],
  );
  const inside = await q.query<{ subject: string; since: string }>(
    `SELECT coalesce(g.uuid, w.uuid)::text AS subject, to_json(v.entered_at) #>> '{}' AS since
       FROM visits v LEFT JOIN massive_event_guests g ON g.id = v.massive_event_guest_id
       LEFT JOIN construction_workers w ON w.id = v.construction_worker_id
      WHERE v.community_id = $1 AND v.exited_at IS NULL
        AND (v.massive_event_guest_id IS NOT NULL OR v.construction_worker_id IS NOT NULL)
      ORDER BY v.entered_at`,
    [community.id],
  );

  const holders: GateHolder[] = [];
  const revoked: GateRevocation[] = [];
  for (const g of guests) {
    if (g.cancelled) revoked.push({ subject: g.uuid, reason: 'cancelled' });
    else
      holders.push({
        uuid: g.uuid,
        kind: 'massiveEventGuest',
        place: g.event,
        firstName: g.firstName,
        lastName: g.lastName,
      });
  }
  for (const w of workers) {
    if (w.deleted) revoked.push({ subject: w.uuid, reason: 'workerDeleted' });
    else if (w.status === WorkerStatus.rejected) revoked.push({ subject: w.uuid, reason: 'workerRejected' });
    else if (w.status !== WorkerStatus.approved) revoked.push({ subject: w.uuid, reason: 'workerNotApproved' });
    else
      holders.push({
        uuid: w.uuid,
        kind: 'workerCredential',
        place: w.site,
        firstName: w.firstName,
        lastName: w.lastName,
      });
  }
  const window = (row: { notBefore: string; notAfter: string }) => ({
    notBefore: Number(row.notBefore),
    notAfter: Number(row.notAfter),
  });
  return {
    takenAt: new Date(now).toISOString(),
    community: community.uuid,
    publicKey,
    events: events.filter((e) => !e.cancelled).map((e) => ({ uuid: e.uuid, title: e.title, ...window(e) })),
    sites: sites.map((s) => ({ uuid: s.uuid, name: s.name, number: s.number, ...window(s) })),
    holders,
    revoked,
    cancelledEvents: events.filter((e) => e.cancelled).map((e) => e.uuid),
    inside,
  };
}
