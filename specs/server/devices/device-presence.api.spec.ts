import { describe, expect, it } from 'vitest';
import { devicePresence } from '../../../src/server/devices/device-presence.js';
import type { Queryable } from '../../../src/server/platform/db/db.js';
import type { Realtime } from '../../../src/server/platform/plugins/realtime.js';
import type { DeviceStatusEvent } from '../../../src/shared/platform/realtime.js';

/** A database that records the presence writes and refuses the first `failures` of them. */
function recordingDb(failures: number) {
  const written: number[][] = [];
  let refused = 0;
  const db: Queryable = {
    query: async <T>(sql: string, params?: readonly unknown[]) => {
      if (sql.includes('INSERT INTO device_presence')) {
        if (refused < failures) {
          refused++;
          throw new Error('la base de datos no respondió');
        }
        written.push([...(params![0] as number[])]);
      }
      return [] as T[];
    },
    one: async () => undefined,
  };
  return { db, written };
}

const told: DeviceStatusEvent[] = [];
const realtime = { emitDeviceStatus: (e: DeviceStatusEvent) => told.push(e) } as unknown as Realtime;
const booth = (id: number) => ({ deviceId: id, deviceUuid: `uuid-${id}`, communityId: 1, communityUuid: 'frac' });

describe('heartbeats are announced at once and written together', () => {
  it('a beat is told to the administrators before any write, and the beats heard go out in one write', async () => {
    const { db, written } = recordingDb(0);
    const presence = devicePresence(db, realtime, { flushMs: 60_000, sweepMs: 60_000 });
    const event = await presence.beat(booth(7));
    expect(event).toMatchObject({ uuid: 'uuid-7', fracUuid: 'frac', status: 'ACTIVE', online: true });
    expect(told.at(-1)).toEqual(event);
    await presence.beat(booth(8));
    await presence.beat(booth(7));
    expect(written).toEqual([]);
    await presence.flush();
    expect(written).toEqual([[7, 8]]);
    await presence.stop();
  });

  it('a failed write loses no beat: the next write carries it', async () => {
    const { db, written } = recordingDb(1);
    const presence = devicePresence(db, realtime, { flushMs: 60_000, sweepMs: 60_000 });
    await presence.beat(booth(3));
    await expect(presence.flush()).rejects.toThrow('no respondió');
    await presence.beat(booth(4));
    await presence.flush();
    expect(written.map((ids) => [...ids].sort())).toEqual([[3, 4]]);
    await presence.stop();
  });
});
