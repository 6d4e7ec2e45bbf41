/**
 * Device presence: each heartbeat is told to the community's administrators at once and stamped
 * on the device's `device_presence` row (beside the audited record) within a second: the beats a
 * process heard are written together, one statement a second (docs/decisions.md, Devices). A
 * heartbeat's own write was most of its cost, and it made everyone else's requests wait on the
 * embedded database's one thread. A sweep marks devices silent for 2 minutes offline and tells the
 * administrators too. The `online` flag is what was last announced: the sweep flips it in one
 * statement, so with several API processes each change is announced once.
 */
import { OFFLINE_AFTER_MS } from '../../shared/devices/device-rules.js';
import type { DeviceStatusEvent } from '../../shared/platform/realtime.js';
import type { Queryable } from '../platform/db/db.js';
import { asPlatform } from '../platform/db/row-scope.js';
import type { Realtime } from '../platform/plugins/realtime.js';
import type { DeviceContext } from './device-auth.js';

export interface DevicePresence {
  /**
   * A heartbeat of a linked device (known from its token, so live and ACTIVE, with its community):
   * answers its status event (also emitted).
   */
  beat(
    device: Pick<DeviceContext, 'deviceId' | 'deviceUuid' | 'communityId' | 'communityUuid'>,
  ): Promise<DeviceStatusEvent>;
  /** Writes the heartbeats heard and not yet written (runs every second, and before each sweep). */
  flush(): Promise<void>;
  /** Marks silent devices offline and emits each; answers how many. Runs on a timer. */
  sweep(): Promise<number>;
  /** Stops the timers and writes what is pending. */
  stop(): Promise<void>;
}

/** What a process heard since its last write: each device's latest heartbeat. */
interface Heard {
  communityId: number;
  at: Date;
}

export function devicePresence(
  db: Queryable,
  realtime: Realtime,
  options: { sweepMs?: number; flushMs?: number; onError?: (err: unknown) => void } = {},
): DevicePresence {
  let heard = new Map<number, Heard>();
  let writing: Promise<void> = Promise.resolve();
  const write = async (beats: Map<number, Heard>) => {
    if (beats.size === 0) return;
    const ids = [...beats.keys()];
    // A device deleted since its beat is left out (the join), so one gone device fails no one's write.
    await asPlatform('la presencia de los dispositivos que latieron', () =>
      db.query(
        `INSERT INTO device_presence (device_id, community_id, last_seen_at, online)
         SELECT d.id, d.community_id, b.at, true
           FROM unnest($1::int[], $2::int[], $3::timestamptz[]) AS b(id, community_id, at)
           JOIN devices d ON d.id = b.id AND d.community_id = b.community_id
         ON CONFLICT (device_id) DO UPDATE
           SET last_seen_at = greatest(device_presence.last_seen_at, excluded.last_seen_at), online = true`,
        [ids, ids.map((id) => beats.get(id)!.communityId), ids.map((id) => beats.get(id)!.at.toISOString())],
      ),
    );
  };
  // One write at a time, in order: a write waits for the one before it. A failed write gives its
  // beats back (unless the device beat again meanwhile), so the next write carries them.
  const flush = () => {
    const beats = heard;
    heard = new Map();
    const done = writing.then(() => write(beats));
    writing = done.catch(() => {
      for (const [id, beat] of beats) if (!heard.has(id)) heard.set(id, beat);
    });
    return done;
  };
  const flushing = setInterval(() => {
    flush().catch((err) => options.onError?.(err));
  }, options.flushMs ?? 1_000);
  flushing.unref();

  // Every community's devices: the platform's own sweep, after this process's heartbeats are written.
  const sweep = () =>
    asPlatform('marcar sin conexión los dispositivos callados', async () => {
      await flush();
      const gone = await db.query<DeviceStatusEvent>(
        `WITH off AS (
         UPDATE device_presence p SET online = false FROM devices d
          WHERE p.online AND d.id = p.device_id
            AND (d.status <> 'ACTIVE' OR d.deleted_at IS NOT NULL OR p.last_seen_at <= now() - make_interval(secs => $1))
          RETURNING d.uuid, d.community_id, d.status, p.online, p.last_seen_at)
       SELECT off.uuid, c.uuid AS "fracUuid", off.status, off.online, to_json(off.last_seen_at) #>> '{}' AS "lastSeenAt"
         FROM off JOIN communities c ON c.id = off.community_id`,
        [OFFLINE_AFTER_MS / 1000],
      );
      for (const event of gone) realtime.emitDeviceStatus(event);
      return gone.length;
    });
  const timer = setInterval(() => {
    sweep().catch((err) => options.onError?.(err));
  }, options.sweepMs ?? 10_000);
  timer.unref();
  return {
    beat: async ({ deviceId, deviceUuid, communityId, communityUuid }) => {
      // Its token was resolved by the request's hook: a live, linked device.
      const at = new Date();
      heard.set(deviceId, { communityId, at });
      const event: DeviceStatusEvent = {
        uuid: deviceUuid,
        fracUuid: communityUuid,
        status: 'ACTIVE',
        online: true,
        lastSeenAt: at.toISOString(),
      };
      realtime.emitDeviceStatus(event);
      return event;
    },
    flush,
    sweep,
    stop: async () => {
      clearInterval(timer);
      clearInterval(flushing);
      await flush().catch((err) => options.onError?.(err));
    },
  };
}
