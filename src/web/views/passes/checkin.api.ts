import type { CheckinAnswer } from '../../../shared/passes/checkin.schema.js';
import { api } from '../../platform/api/client.js';

/** A guest at the gate: entry or exit with the signed pass. */
export const checkinApi = {
  verify: (pass: string, direction: 'IN' | 'OUT') =>
    api.post<CheckinAnswer>(`/api/massiveEventGuests/${direction === 'IN' ? 'checkin' : 'checkout'}`, { pass }),
};
export type CheckinApi = typeof checkinApi;
