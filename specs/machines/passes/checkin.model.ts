import { checkinMachine } from '../../../machines/passes/checkin.machine.js';
import type { ModelSpec } from '../../support/model-paths.js';
import { CheckinTexts } from '../../../src/shared/passes/checkin-rules.js';

/** What POST api/massiveEventGuests/checkin answers. */
export const admittedAnswer = {
  visitUuid: '00000000-0000-4000-8000-00000000a001',
  direction: 'IN',
  at: '2026-12-12T18:05:00.000Z',
  guest: { uuid: '00000000-0000-4000-8000-00000000b001', firstName: 'Ramona', lastName: 'Peña' },
  event: { uuid: '00000000-0000-4000-8000-00000000c001', title: 'Posada de la privada' },
};
export const refusal = {
  kind: 'http',
  status: 409,
  body: { error: 'conflict', error_description: 'Este invitado ya ingresó' },
};
const PASS = 'P1.AQEAAAAA';
/** The gate's own verdicts, offline. */
export const localAdmitted = { ok: true, answer: { ...admittedAnswer, kind: 'massiveEventGuest', construction: null } };
export const localRefused = { ok: false, reason: 'El evento fue cancelado.' };
const unreachable = { kind: 'network' };
const status = (connection: 'online' | 'offline', waiting = 0) => ({
  type: 'gate.status',
  status: { connection, waiting, conflicts: [] },
});

const fail = (message: string) => {
  throw new Error(message);
};

/** The reason shown for the step that refused: the server's, the gate's own (the same words), or why the gate cannot tell. */
function expectedReason(last: { type: string; output?: unknown }): string {
  if (last.type === 'xstate.done.actor.verifyLocally') return localRefused.reason;
  if (last.type === 'xstate.error.actor.verifyLocally') return CheckinTexts.offlineUnavailable;
  return 'Este invitado ya ingresó';
}

/** The guard's check-in (/checkin). */
export const checkinModel: ModelSpec<typeof checkinMachine, { sees: (text: string) => void | Promise<void> }> = {
  name: 'checkin',
  machine: checkinMachine,
  inputs: [{ name: 'the guard at /checkin', input: { online: true } }],
  recordedChildren: ['gateSync'],
  events: (s) => {
    const value = JSON.stringify(s.value);
    if (value.includes('idle')) {
      return [
        status(s.context.gate.connection === 'offline' ? 'online' : 'offline', 1),
        { type: 'conflicts.dismiss' },
        { type: 'pass.change', value: s.context.pass === '' ? PASS : '' },
        { type: 'pass.submit', direction: 'IN' },
        { type: 'pass.submit', direction: 'OUT' },
        ...(value.includes('typing')
          ? [{ type: 'scan.start' }]
          : [{ type: 'scan.stop' }, { type: 'scan.unavailable' }, { type: 'scan.detected', text: PASS }]),
      ];
    }
    if (value === '"verifying"') {
      return [
        { type: 'xstate.done.actor.verify', output: admittedAnswer },
        { type: 'xstate.error.actor.verify', error: refusal },
        { type: 'xstate.error.actor.verify', error: unreachable },
      ];
    }
    if (value === '"verifyingLocally"') {
      return [
        { type: 'xstate.done.actor.verifyLocally', output: localAdmitted },
        { type: 'xstate.done.actor.verifyLocally', output: localRefused },
        { type: 'xstate.error.actor.verifyLocally', error: new Error('sin datos') },
      ];
    }
    return [{ type: 'next' }];
  },
  key: (s) => ({
    pass: s.context.pass === '' ? '' : 'pass',
    notice: s.context.notice,
    offline: s.context.gate.connection === 'offline',
  }),
};

checkinModel.expectations = {
  '"verifying"': [
    {
      says: 'El pase escrito o escaneado se verifica con el servidor: entrada o salida según el botón; lo escaneado es una entrada',
      actor: (p) => {
        const call = p.calls.filter((c) => c.src === 'verifyPass').at(-1) ?? fail('no se verificó');
        const last = [...p.events].reverse().find((e) => e.type === 'pass.submit' || e.type === 'scan.detected')!;
        const direction = last.type === 'scan.detected' ? 'IN' : last.direction;
        if (call.input.pass !== PASS || call.input.direction !== direction)
          fail(`se verificó ${JSON.stringify(call.input)}`);
      },
    },
  ],
  '"admitted"': [
    {
      says: 'Acceso permitido con el nombre del invitado y el evento en grande, en verde; sin conexión, el registro se guarda para enviarlo después',
      actor: (p) => {
        if (p.snapshot.context.result?.guest.firstName !== 'Ramona') fail('sin invitado');
        const local = p.events.at(-1)?.type === 'xstate.done.actor.verifyLocally';
        const told = p.calls.filter((c) => (c.src as string) === 'gateSync').at(-1);
        if (local && (told?.input as { type?: string } | undefined)?.type !== 'record.queued')
          fail('el registro sin conexión no se contó como pendiente');
      },
      view: async (p) => {
        await p.sees('Acceso permitido');
        await p.sees('Ramona Peña');
        await p.sees('Posada de la privada');
      },
    },
  ],
  '"refused"': [
    {
      says: "Acceso denegado en rojo con el motivo del servidor ('Este invitado ya ingresó'), o sin conexión con el mismo motivo que daría el servidor ('El evento fue cancelado.')",
      actor: (p) => {
        const expected = expectedReason(p.events.at(-1)!);
        if (p.snapshot.context.reason !== expected)
          fail(`motivo ${p.snapshot.context.reason}, se esperaba ${expected}`);
      },
      view: async (p) => {
        await p.sees('Acceso denegado');
        await p.sees(expectedReason(p.events.at(-1)!));
      },
    },
  ],
  '"verifyingLocally"': [
    {
      says: 'Sin conexión, o sin respuesta del servidor, la caseta verifica el pase por sí misma y da su veredicto al instante',
      actor: (p) => {
        const call = p.calls.filter((c) => c.src === 'verifyLocally').at(-1) ?? fail('no se verificó localmente');
        if (call.input.pass !== PASS) fail(`se verificó ${JSON.stringify(call.input)}`);
        const last = p.events.at(-1)!;
        if (last.type === 'xstate.error.actor.verify') {
          const told = p.calls.filter((c) => (c.src as string) === 'gateSync').at(-1);
          if ((told?.input as { type?: string } | undefined)?.type !== 'connection.lost')
            fail('la caseta no supo que se perdió la conexión');
        }
      },
    },
  ],
  '{"idle":"typing"}': [
    {
      says: 'Los conflictos quedan a la vista hasta que el vigilante los marca como vistos',
      actor: (p) => {
        if (p.events.at(-1)?.type !== 'conflicts.dismiss') return;
        const told = p.calls.filter((c) => (c.src as string) === 'gateSync').at(-1);
        if ((told?.input as { type?: string } | undefined)?.type !== 'conflicts.dismiss') fail('la caseta no lo supo');
      },
    },
    {
      says: 'Sin pase no se envía nada: "Escribe o escanea un pase."',
      actor: (p) => {
        const last = p.events.at(-1);
        if (
          last?.type === 'pass.submit' &&
          p.snapshot.context.pass === '' &&
          p.snapshot.context.notice !== 'Escribe o escanea un pase.'
        )
          fail('sin aviso');
      },
    },
  ],
};
