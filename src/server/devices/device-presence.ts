/**
 * Device presence: each heartbeat stamps `last_seen_at` and tells the community's
 * administrators; a sweep marks devices silent for 2 minutes offline and tells them too. The
 * `online` flag is what was last announced: the sweep flips it in one statement, so with several
 * API processes each change is announced once.
 */
import { OFFLINE_AFTER_MS } from '../../shared/devices/device-rules.js';
import type { DeviceStatusEvent } from '../../shared/platform/realtime.js';
import type { Queryable } from '../platform/db/db.js';
import { asPlatform } from '../platform/db/row-scope.js';
import type { Realtime } from '../platform/plugins/realtime.js';

export interface DevicePresence {
  /** A heartbeat of a linked device (its community known from its token): answers its status event (also emitted). */
  beat(device: { deviceId: number; communityUuid: string }): Promise<DeviceStatusEvent>;
  /** Marks silent devices offline and emits each; answers how many. Runs on a timer. */
  sweep(): Promise<number>;
  stop(): void;
}

const EVENT = `d.uuid, c.uuid AS "fracUuid", d.status, d.online, to_json(d.last_seen_at) #>> '{}' AS "lastSeenAt"`;

export function devicePresence(
  db: Queryable,
  realtime: Realtime,
  options: { sweepMs?: number; onError?: (err: unknown) => void } = {},
): DevicePresence {
  // Every community's devices: the platform's own sweep.
  const sweep = () =>
    asPlatform('marcar sin conexión los dispositivos callados', async () => {
      const gone = await db.query<DeviceStatusEvent>(
        `WITH off AS (
         UPDATE devices SET online = false
          WHERE online AND (status <> 'ACTIVE' OR deleted_at IS NOT NULL OR last_seen_at <= now() - make_interval(secs => $1))
          RETURNING *)
       SELECT ${EVENT} FROM off d JOIN communities c ON c.id = d.community_id`,
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
    beat: async ({ deviceId, communityUuid }) => {
      // One statement per heartbeat (its token was resolved by the request's hook).
      const row = (await db.one<Omit<DeviceStatusEvent, 'fracUuid'>>(
        `UPDATE devices SET last_seen_at = now(), online = true WHERE id = $1
         RETURNING uuid, status, online, to_json(last_seen_at) #>> '{}' AS "lastSeenAt"`,
        [deviceId],
      ))!;
      const event = { ...row, fracUuid: communityUuid };
      realtime.emitDeviceStatus(event);
      return event;
    },
    sweep,
    stop: () => clearInterval(timer),
  };
}
