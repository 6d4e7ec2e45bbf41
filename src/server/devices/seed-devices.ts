/**
 * Demo devices, first start only, in the first demo community: a linked booth, an
 * inactive booth, an IN barrier scanner with the booth as its parent and an OUT scanner. The
 * linked booth's token is random and never shown (it reads as linked, offline); link the inactive
 * booth with the simulator (`npm run device -- link <code>`) to try the flow.
 */
import { newDeviceToken } from './device-auth.js';
import { tokenHash } from '../platform/services/tokens.js';
import type { Db } from '../platform/db/db.js';
import { demoCommunities } from '../platform/db/demo-data.js';

export const DEMO_DEVICES = {
  linkedBooth: 'Caseta principal',
  inactiveBooth: 'Caseta peatonal',
  inScanner: 'Barrera de entrada',
  outScanner: 'Lector de salida',
} as const;

export async function seedDemoDevices(db: Db) {
  await db.tx(async (q) => {
    const community = await q.one<{ id: number }>('SELECT id FROM communities WHERE name = $1', [
      demoCommunities[0].name,
    ]);
    if (!community) return;
    const zone = (await q.one<{ id: number }>('SELECT id FROM zones WHERE community_id = $1 ORDER BY id LIMIT 1', [
      community.id,
    ]))!;
    const insert = async (name: string, columns: Record<string, unknown>) => {
      const keys = ['community_id', 'name', ...Object.keys(columns)];
      const values = [community.id, name, ...Object.values(columns)];
      return (await q.one<{ id: number }>(
        `INSERT INTO devices (${keys.join(', ')}) VALUES (${keys.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`,
        values,
      ))!.id;
    };
    const booth = await insert(DEMO_DEVICES.linkedBooth, {
      status: 'ACTIVE',
      device_type: 'BOOTH',
      linked_at: new Date(),
    });
    await q.query('INSERT INTO device_tokens (device_id, token_hash) VALUES ($1, $2)', [
      booth,
      tokenHash(newDeviceToken()),
    ]);
    await insert(DEMO_DEVICES.inactiveBooth, { device_type: 'BOOTH' });
    const barrier = await insert(DEMO_DEVICES.inScanner, {
      device_type: 'SCANNER',
      scanner_access: 'IN',
      scanner_type: 'ZONE',
      scanner_place: 'BARRERA',
      zone_id: zone.id,
    });
    await q.query('INSERT INTO device_parents (device_id, parent_id, community_id) VALUES ($1, $2, $3)', [
      barrier,
      booth,
      community.id,
    ]);
    await insert(DEMO_DEVICES.outScanner, {
      device_type: 'SCANNER',
      scanner_access: 'OUT',
      scanner_type: 'ZONE',
      scanner_place: 'BARRERA',
      zone_id: zone.id,
    });
  });
}
