import { dashboardMachine } from '../../../machines/dashboard.machine.js';
import type { VisitStatsResponses } from '../../../src/shared/dashboard-counters.js';
import type { ModelSpec } from '../../support/model-paths.js';

export const FRAC = '3f1e2d4c-5b6a-4789-8abc-def012345678';
export const OTHER_FRAC = '9a8b7c6d-5e4f-4321-8fed-cba987654321';

const months = Array.from({ length: 12 }, (_, i) => i + 1);
/** What the five dashboard calls answer for a community in March 2026 (shapes of src/shared/visit-types.ts). */
export const statsResponses: VisitStatsResponses = {
  summary: {
    entryCount: 1234, exitCount: 1200, activeCount: 34, qrEntryCount: 900, manualEntryCount: 334,
    assignedLicenses: 150, usedLicenses: 5, remainingLicenses: 145, recordedResidents: 5, recordedUsers: 9,
    numberOfHouses: 5, numberOfHousesWithApplication: 1,
  },
  daily: {
    year: 2026, month: 3, today: 15,
    months: months.map((month) => ({ month, total: month <= 3 ? 400 + month : 0, days: month < 3 ? 30 : month === 3 ? 15 : 0, average: 0 })),
    currentMonthDays: [],
  },
  monthly: months.map((month) => ({ month, total: month <= 3 ? 400 + month : 0 })),
  qr: { accessMode: 'QR', total: 900, year: 2026 },
  manual: { accessMode: 'MANUAL', total: 334, year: 2026 },
};

/** A QR entry on 15 March 2026 (Mexico) and a manual entry at 23:30 of 31 Dec 2025 in Mexico (05:30 UTC of 1 Jan 2026). */
export const qrEntry = { uuid: 'v1', fracUuid: FRAC, accessMode: 'QR', at: '2026-03-15T18:00:00.000Z' } as const;
export const lateManualEntry = { uuid: 'v2', fracUuid: FRAC, accessMode: 'MANUAL', at: '2026-01-01T05:30:00.000Z' } as const;
export const exitEvent = { uuid: 'v1', fracUuid: FRAC, accessMode: 'QR', at: '2026-03-15T19:00:00.000Z' } as const;
const failure = { kind: 'network' };

export const dashboardModel: ModelSpec = {
  name: 'dashboard',
  machine: dashboardMachine,
  inputs: [
    { name: 'integrator', input: { view: 'licences', fracUuid: null } },
    { name: 'administrator', input: { view: 'visits', fracUuid: FRAC } },
    { name: 'general administrator', input: { view: 'visits', fracUuid: null } },
  ],
  events: (s) => {
    const value = s.value as string | Record<string, string>;
    if (value === 'loadingLicences') return [
      { type: 'xstate.done.actor.licences', output: [400, 250, 150] },
      { type: 'xstate.error.actor.licences', error: failure },
    ];
    if (value === 'loadingVisits') return [
      { type: 'xstate.done.actor.visits', output: statsResponses },
      { type: 'xstate.error.actor.visits', error: failure },
    ];
    if (value === 'failed') return [{ type: 'dashboard.reload' }];
    if (typeof value === 'object' && value.visits === 'live') {
      const d = s.context.visits;
      const base = statsResponses;
      return [
        ...(d.qrEntryCount === base.qr.total ? [{ type: 'visit.in', event: qrEntry }] : []),
        ...(d.manualEntryCount === base.manual.total ? [{ type: 'visit.in', event: lateManualEntry }] : []),
        ...(d.exitCount === base.summary.exitCount ? [{ type: 'visit.out', event: exitEvent }] : []),
        ...(s.context.live === 'connecting' ? [{ type: 'live.status', status: 'on' }, { type: 'live.status', status: 'refused' }] : []),
      ];
    }
    return [];
  },
};
