import { checkinMachine } from '../../../machines/passes/checkin.machine.js';
import type { ModelSpec } from '../../support/model-paths.js';

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

const fail = (message: string) => {
  throw new Error(message);
};

/** The guard's check-in (/checkin). */
export const checkinModel: ModelSpec<typeof checkinMachine, { sees: (text: string) => void | Promise<void> }> = {
  name: 'checkin',
  machine: checkinMachine,
  inputs: [{ name: 'the guard at /checkin', input: undefined }],
  events: (s) => {
    const value = JSON.stringify(s.value);
    if (value.includes('idle')) {
      return [
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
      ];
    }
    return [{ type: 'next' }];
  },
  key: (s) => ({ pass: s.context.pass === '' ? '' : 'pass', notice: s.context.notice }),
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
      says: 'Acceso permitido con el nombre del invitado y el evento en grande, en verde',
      actor: (p) => {
        if (p.snapshot.context.result?.guest.firstName !== 'Ramona') fail('sin invitado');
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
      says: "Acceso denegado en rojo con el motivo del servidor ('Este invitado ya ingresó')",
      actor: (p) => {
        if (p.snapshot.context.reason !== 'Este invitado ya ingresó') fail(`motivo ${p.snapshot.context.reason}`);
      },
      view: async (p) => {
        await p.sees('Acceso denegado');
        await p.sees('Este invitado ya ingresó');
      },
    },
  ],
  '{"idle":"typing"}': [
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
