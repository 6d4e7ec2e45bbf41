import type { AnyEventObject } from 'xstate';
import { GATE_REFRESH_MS, gateSyncMachine, type GateConflict } from '../../../machines/passes/gate-sync.machine.js';
import type { ActorProbe, ModelSpec } from '../../support/model-paths.js';

export const REFRESH_EVENT_ONLINE = 'xstate.after.refresh.gateSync.online.ready';
export const REFRESH_EVENT_OFFLINE = 'xstate.after.refresh.gateSync.offline';

/** What the server decided about a guest another gate let in first. */
export const conflict: GateConflict = {
  id: '6f1f4a52-0d1e-4c55-9e1b-2a9f0c7d4e11',
  who: 'Raúl Luna',
  direction: 'IN',
  at: '2026-12-12T18:05:00.000Z',
  decision: 'Este invitado ya ingresó',
};
const unreachable = { kind: 'network' };
const serverError = { kind: 'http', status: 500, body: { error: 'server_error', error_description: 'Error' } };

const fail = (message: string) => {
  throw new Error(message);
};

type Probe = ActorProbe<typeof gateSyncMachine>;

/**
 * The records waiting as the issue counts them: those the device had when the screen opened, plus
 * each one kept offline since; a sync leaves what the server did not take yet (none: the queue is empty).
 */
function waitingBySpec(p: Probe): number {
  let waiting = 0;
  for (const event of p.events) {
    if (event.type === 'xstate.done.actor.0.gateSync.starting') waiting = event.output as number;
    if (event.type === 'record.queued') waiting++;
    if (event.type.startsWith('xstate.done.actor.') && event.type.includes('syncing'))
      waiting = (event.output as { waiting: number }).waiting;
  }
  return waiting;
}
/** The calls so far, the recorded `report` action's among them. */
const callsOf = (p: Probe): readonly { src: string; input: unknown }[] => p.calls;
const reports = (p: Probe) => callsOf(p).filter((c) => c.src === 'report');
const lastReport = (p: Probe) => (reports(p).at(-1)?.input ?? null) as { connection: string } | null;
const lastEvent = (p: Probe): AnyEventObject | undefined => p.events.at(-1);

/** The gate's connection and the records it kept offline. */
export const gateSyncModel: ModelSpec<typeof gateSyncMachine> = {
  name: 'gate-sync',
  machine: gateSyncMachine,
  inputs: [
    { name: 'la caseta abre con conexión', input: { online: true } },
    { name: 'la caseta abre sin conexión', input: { online: false } },
  ],
  recordedActions: ['report'],
  clock: {
    start: Date.parse('2026-12-12T18:00:00.000Z'),
    setNow: () => {},
    fires: {
      [REFRESH_EVENT_ONLINE]: (t) => t.ms === GATE_REFRESH_MS,
      [REFRESH_EVENT_OFFLINE]: (t) => t.ms === GATE_REFRESH_MS,
    },
  },
  events: (s) => {
    const value = JSON.stringify(s.value);
    const lost = { type: 'connection.lost' };
    if (value === '"starting"')
      return [
        { type: 'xstate.done.actor.0.gateSync.starting', output: 0 },
        { type: 'xstate.done.actor.0.gateSync.starting', output: 2 },
        { type: 'xstate.error.actor.0.gateSync.starting', error: new Error('IndexedDB') },
        lost,
      ];
    if (value === '{"online":"refreshing"}')
      return [
        { type: 'xstate.done.actor.0.gateSync.online.refreshing', output: '2026-12-12T18:00:00.000Z' },
        { type: 'xstate.error.actor.0.gateSync.online.refreshing', error: unreachable },
        { type: 'xstate.error.actor.0.gateSync.online.refreshing', error: serverError },
        { type: 'record.queued' },
        lost,
      ];
    if (value === '{"online":"ready"}')
      return [{ type: REFRESH_EVENT_ONLINE }, { type: 'live.changed' }, { type: 'record.queued' }, lost];
    if (value === '"offline"')
      return [{ type: 'record.queued' }, { type: 'connection.back' }, { type: REFRESH_EVENT_OFFLINE }, lost];
    if (value === '"syncing"')
      return [
        { type: 'xstate.done.actor.0.gateSync.syncing', output: { conflicts: [], waiting: 0 } },
        { type: 'xstate.done.actor.0.gateSync.syncing', output: { conflicts: [conflict], waiting: 0 } },
        { type: 'xstate.error.actor.0.gateSync.syncing', error: unreachable },
        { type: 'record.queued' },
        lost,
      ];
    if (value === '"conflicts"') return [{ type: 'conflicts.dismiss' }, { type: 'record.queued' }, lost];
    return [];
  },
  key: (s) => ({
    waiting: s.context.waiting > 0,
    conflicts: s.context.conflicts.length > 0,
    online: s.context.online,
  }),
  describeEvent: (e) =>
    ({
      'record.queued': 'la caseta deja pasar un pase sin conexión y guarda el registro',
      'connection.lost': 'se pierde la conexión',
      'connection.back': 'vuelve la conexión',
      'live.changed': 'llega una entrada o salida en tiempo real',
      'conflicts.dismiss': 'el vigilante marca los conflictos como vistos',
      [REFRESH_EVENT_ONLINE]: 'pasa un minuto en línea',
      [REFRESH_EVENT_OFFLINE]: 'pasa un minuto sin conexión',
    })[e.type] ?? e.type,
};

gateSyncModel.expectations = {
  '"starting"': [
    {
      says: 'Al abrir, la caseta cuenta los registros que guarda del turno anterior',
      actor: (p) => {
        if (!p.calls.some((c) => c.src === 'countQueue')) fail('no se leyó la cola');
      },
    },
  ],
  '{"online":"refreshing"}': [
    {
      says: 'En línea, la caseta lee de nuevo lo que necesita para verificar: al abrir, cada minuto y con cada entrada o salida en tiempo real',
      actor: (p) => {
        const reads = p.calls.filter((c) => c.src === 'loadSnapshot').length;
        if (reads === 0) fail('no se leyó el snapshot');
      },
    },
  ],
  '{"online":"ready"}': [
    {
      says: 'En línea, la próxima lectura queda a un minuto',
      actor: (p) => {
        if (!p.timers.some((t) => t.ms === GATE_REFRESH_MS)) fail('sin lectura programada');
      },
    },
    {
      says: 'En línea la pantalla lo dice, con los registros que esperan (ninguno tras enviarlos)',
      actor: (p) => {
        if (lastReport(p)?.connection !== 'online') fail(`informó ${JSON.stringify(lastReport(p))}`);
        if (p.snapshot.context.waiting !== waitingBySpec(p)) fail(`pendientes ${p.snapshot.context.waiting}`);
      },
    },
  ],
  '"offline"': [
    {
      says: "Sin conexión la pantalla dice 'Sin conexión' y cuántos registros esperan",
      actor: (p) => {
        if (lastReport(p)?.connection !== 'offline') fail(`informó ${JSON.stringify(lastReport(p))}`);
        if (p.snapshot.context.waiting !== waitingBySpec(p))
          fail(`pendientes ${p.snapshot.context.waiting}, el spec cuenta ${waitingBySpec(p)}`);
        if (lastEvent(p)?.type === 'record.queued' && reports(p).at(-1) !== callsOf(p).at(-1))
          fail('la pantalla no supo del registro guardado');
      },
    },
  ],
  '"syncing"': [
    {
      says: 'Con conexión y registros guardados, la cola se envía (en orden, hasta vaciarla)',
      actor: (p) => {
        if (!p.calls.some((c) => c.src === 'sendQueue')) fail('no se envió la cola');
        if (waitingBySpec(p) === 0) fail('se envió una cola vacía');
      },
    },
  ],
  '"conflicts"': [
    {
      says: 'Un conflicto se muestra al vigilante con lo que decidió el servidor',
      actor: (p) => {
        const c = p.snapshot.context.conflicts;
        if (!c.some((x) => x.decision === 'Este invitado ya ingresó' && x.who === 'Raúl Luna')) fail('sin conflicto');
        if (lastReport(p)?.connection !== 'conflicts') fail('la pantalla no lo supo');
      },
    },
  ],
};

gateSyncModel.noExpectation = {
  deciding: 'decide al instante: sin conexión, con registros guardados o en línea',
  online: 'sus estados hijos lo dicen todo',
};
