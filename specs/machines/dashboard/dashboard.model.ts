import { dashboardMachine } from '../../../machines/dashboard/dashboard.machine.js';
import type { VisitStatsResponses } from '../../../src/shared/dashboard/dashboard-counters.js';
import type { ActorProbe, ModelSpec } from '../../support/model-paths.js';

export const COMMUNITY_UUID = '3f1e2d4c-5b6a-4789-8abc-def012345678';
export const OTHER_COMMUNITY = '9a8b7c6d-5e4f-4321-8fed-cba987654321';

const months = Array.from({ length: 12 }, (_, i) => i + 1);
/** What the five dashboard calls answer for a community in March 2026 (shapes of src/shared/visits/visit-types.ts). */
export const statsResponses: VisitStatsResponses = {
  summary: {
    entryCount: 1234,
    exitCount: 1200,
    activeCount: 34,
    qrEntryCount: 900,
    manualEntryCount: 334,
    assignedLicenses: 150,
    usedLicenses: 5,
    remainingLicenses: 145,
    recordedResidents: 5,
    recordedUsers: 9,
    numberOfHouses: 5,
    numberOfHousesWithApplication: 1,
  },
  daily: {
    year: 2026,
    month: 3,
    today: 15,
    months: months.map((month) => ({
      month,
      total: month <= 3 ? 400 + month : 0,
      days: month < 3 ? 30 : month === 3 ? 15 : 0,
      average: 0,
    })),
    currentMonthDays: [],
  },
  monthly: months.map((month) => ({ month, total: month <= 3 ? 400 + month : 0 })),
  qr: { accessMode: 'QR', total: 900, year: 2026 },
  manual: { accessMode: 'MANUAL', total: 334, year: 2026 },
};

/** A QR entry on 15 March 2026 (Mexico) and a manual entry at 23:30 of 31 Dec 2025 in Mexico (05:30 UTC of 1 Jan 2026). */
export const qrEntry = {
  uuid: 'v1',
  fracUuid: COMMUNITY_UUID,
  accessMode: 'QR',
  at: '2026-03-15T18:00:00.000Z',
} as const;
export const lateManualEntry = {
  uuid: 'v2',
  fracUuid: COMMUNITY_UUID,
  accessMode: 'MANUAL',
  at: '2026-01-01T05:30:00.000Z',
} as const;
export const exitEvent = {
  uuid: 'v1',
  fracUuid: COMMUNITY_UUID,
  accessMode: 'QR',
  at: '2026-03-15T19:00:00.000Z',
} as const;
const failure = { kind: 'network' };

export const dashboardModel: ModelSpec<typeof dashboardMachine> = {
  name: 'dashboard',
  machine: dashboardMachine,
  inputs: [
    { name: 'integrator', input: { view: 'licences', communityUuid: null } },
    { name: 'administrator', input: { view: 'visits', communityUuid: COMMUNITY_UUID } },
    { name: 'general administrator', input: { view: 'visits', communityUuid: null } },
  ],
  events: (s) => {
    const value = s.value as string | Record<string, string>;
    if (value === 'loadingLicences')
      return [
        { type: 'xstate.done.actor.licences', output: [400, 250, 150] },
        { type: 'xstate.error.actor.licences', error: failure },
      ];
    if (value === 'loadingVisits')
      return [
        { type: 'xstate.done.actor.visits', output: statsResponses },
        { type: 'xstate.error.actor.visits', error: failure },
      ];
    if (value === 'failed') return [{ type: 'dashboard.reload' }];
    if (typeof value === 'object' && value.visits === 'live') {
      const d = s.context.visits!;
      const base = statsResponses;
      return [
        ...(d.qrEntryCount === base.qr.total ? [{ type: 'visit.in', event: qrEntry }] : []),
        ...(d.manualEntryCount === base.manual.total ? [{ type: 'visit.in', event: lateManualEntry }] : []),
        ...(d.exitCount === base.summary.exitCount ? [{ type: 'visit.out', event: exitEvent }] : []),
        ...(s.context.live === 'connecting'
          ? [
              { type: 'live.status', status: 'on' },
              { type: 'live.status', status: 'refused' },
            ]
          : []),
      ];
    }
    return [];
  },
};

/* What spec 1 (/home dashboards by role, live counters V_IN / V_OUT, the dashboard calls) says holds. */
type Probe = ActorProbe<typeof dashboardMachine>;
const fail = (message: string) => {
  throw new Error(message);
};
const visitsSays =
  'Las tarjetas muestran lo que respondió el servidor más cada entrada (V_IN) y salida (V_OUT) de esta comunidad llegadas en vivo';
const checkVisits = (p: Probe) => {
  const v = p.snapshot.context.visits ?? fail('no hay estadísticas');
  const ins = p.events.filter((e) => e.type === 'visit.in').map((e) => e.event);
  const outs = p.events.filter((e) => e.type === 'visit.out').length;
  const base = statsResponses.summary;
  if (v.entryCount !== base.entryCount + ins.length) fail(`entradas ${v.entryCount}`);
  if (v.exitCount !== base.exitCount + outs) fail(`salidas ${v.exitCount}`);
  if (v.activeCount !== base.activeCount + ins.length - outs) fail(`activos ${v.activeCount}`);
  if (v.qrEntryCount !== statsResponses.qr.total + ins.filter((e) => e.accessMode === 'QR').length)
    fail(`QR ${v.qrEntryCount}`);
  if (v.manualEntryCount !== statsResponses.manual.total + ins.filter((e) => e.accessMode === 'MANUAL').length)
    fail(`manual ${v.manualEntryCount}`);
};
dashboardModel.expectations = {
  '"loadingLicences"': [
    {
      says: 'Un integrador ve el tablero de licencias: solo se pide api/licenses/dashboard',
      actor: (p) => {
        if (p.calls.some((c) => c.src !== 'loadLicences')) fail('se pidieron estadísticas de visitas');
      },
    },
  ],
  '"licences"': [
    {
      says: 'Tarjetas de licencias: disponibles, asignadas y restantes, como las respondió el servidor',
      actor: (p) => {
        if (JSON.stringify(p.snapshot.context.licences) !== JSON.stringify([400, 250, 150]))
          fail(JSON.stringify(p.snapshot.context.licences));
      },
    },
  ],
  '"loadingVisits"': [
    {
      says: 'Los demás ven el tablero de visitas: se piden las estadísticas de su comunidad, nunca las licencias del integrador',
      actor: (p) => {
        const call = p.calls.at(-1) ?? fail('no se pidió nada');
        if (call.src !== 'loadVisitStats' || p.calls.some((c) => c.src === 'loadLicences'))
          fail(`se pidió ${call.src}`);
      },
    },
  ],
  '{"visits":"live"}': [{ says: `${visitsSays} (con comunidad: suscrito a sus eventos)`, actor: checkVisits }],
  '{"visits":"still"}': [
    {
      says: 'Sin comunidad (administrador general) no hay contadores en vivo: las tarjetas quedan como respondió el servidor',
      actor: checkVisits,
    },
  ],
  '"failed"': [
    {
      says: 'Si el tablero no carga se muestra el error con la opción de volver a intentar',
      actor: (p) => {
        if (!p.snapshot.context.error) fail('no hay mensaje');
      },
    },
  ],
};
dashboardModel.describeEvent = (e) =>
  (
    ({
      'visit.in': `llega V_IN (${e.event?.accessMode})`,
      'visit.out': 'llega V_OUT',
      'live.status': e.status === 'on' ? 'la conexión en vivo se establece' : 'la conexión en vivo es rechazada',
      'dashboard.reload': 'pulsa Reintentar',
      'xstate.done.actor.licences': 'el servidor responde las licencias',
      'xstate.error.actor.licences': 'no hay conexión',
      'xstate.done.actor.visits': 'el servidor responde las estadísticas',
      'xstate.error.actor.visits': 'no hay conexión',
    }) as Record<string, string>
  )[e.type] ?? e.type;
