/** Who registers at the gate and which kind of pass it is: shared by the online check-in and the offline gate's sync. */
import { deviceVisitRefusal } from '../../shared/devices/device-rules.js';
import { decodePass } from '../../shared/passes/pass-types.js';
import { AppError } from '../../shared/platform/errors.js';
import type { DeviceContext } from '../devices/device-auth.js';
import type { Queryable } from '../platform/db/db.js';
import type { AuthContext } from '../platform/http/auth-context.js';
import { requireCommunity } from '../platform/http/route.js';
import { communityUuidOf, type EntryPassKind, type Registrar } from './pass-entry.js';

/** The gate: a guard or administrator of the active community, or a linked device (a scanner only in its direction). */
export async function registrarOf(
  q: Queryable,
  auth: AuthContext | null,
  device: DeviceContext | null,
  direction: 'IN' | 'OUT',
): Promise<Registrar> {
  if (device) {
    const refusal = deviceVisitRefusal(device, direction === 'IN' ? 'entry' : 'exit', 'QR');
    if (refusal?.kind === 'direction') throw new AppError('forbidden', refusal.message);
    return {
      communityId: device.communityId,
      communityUuid: device.communityUuid,
      userId: null,
      deviceId: device.deviceId,
    };
  }
  const communityId = requireCommunity(auth!);
  return { communityId, communityUuid: await communityUuidOf(q, communityId), userId: auth!.userId, deviceId: null };
}

/** A construction worker's credential or, otherwise, a guest's invitation: one verification path per kind of pass. */
export const kindOf = (pass: string): EntryPassKind =>
  decodePass(pass)?.kind === 'workerCredential' ? 'workerCredential' : 'massiveEventGuest';
