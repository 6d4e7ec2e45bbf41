import { contractorResendMachine } from '../../../machines/contractors/contractor-resend.machine.js';
import type { ModelSpec } from '../../support/model-paths.js';

export const ramiro = { uuid: 'k1', email: 'ramiro@correo.mx' };
export const lidia = { uuid: 'k2', email: 'lidia@correo.mx' };
export const resendFailure = {
  kind: 'http',
  status: 500,
  body: { error: 'server_error', error_description: 'Error interno del servidor' },
};

export const contractorResendModel: ModelSpec<typeof contractorResendMachine, { sees: (text: string) => void }> = {
  name: 'contractorResend',
  machine: contractorResendMachine,
  inputs: [{ name: 'contractors list', input: undefined }],
  events: (s) => {
    switch (s.value as string) {
      // Up to two checked contractors: none, one, several (checking one twice unchecks it).
      case 'idle':
        return [
          { type: 'row.toggle', row: ramiro },
          ...(s.context.checked.length ? [{ type: 'row.toggle', row: lidia }] : []),
          { type: 'resend' },
        ];
      case 'sending':
        return [
          { type: 'xstate.done.actor.resendAccess', output: { message: 'ok' } },
          { type: 'xstate.error.actor.resendAccess', error: resendFailure },
        ];
      default:
        return [{ type: 'dialog.close' }];
    }
  },
  key: (s) =>
    s.context.checked
      .map((c: { uuid: string }) => c.uuid)
      .sort()
      .join(','),
};

/* What the spec says holds in each state ('resend code', texts). */
const fail = (message: string) => {
  throw new Error(message);
};
contractorResendModel.expectations = {
  '"needsOne"': [
    {
      says: "Sin contratista seleccionado: 'Es necesario seleccionar un contratista...' y no se envía nada",
      actor: (p) => {
        if (p.snapshot.context.checked.length !== 0) fail('había seleccionados');
      },
      view: (p) => p.sees('Es necesario seleccionar un contratista...'),
    },
  ],
  '"tooMany"': [
    {
      says: "Con más de uno: 'No se puede reenviar el código a más de un contratista a la vez.' y no se envía nada",
      actor: (p) => {
        if (p.snapshot.context.checked.length < 2) fail('no había varios');
      },
      view: (p) => p.sees('No se puede reenviar el código a más de un contratista a la vez.'),
    },
  ],
  '"sending"': [
    {
      says: 'Con uno exactamente, se reenvía el acceso a su correo (POST api/users/resetPassword)',
      actor: (p) => {
        const call = p.calls.at(-1) ?? fail('no se envió');
        if (call.input.email !== p.snapshot.context.checked[0].email || p.snapshot.context.checked.length !== 1)
          fail(`envió a ${call.input.email}`);
      },
    },
  ],
  '"sent"': [{ says: "Al reenviarse: 'Correo enviado'", view: (p) => p.sees('Correo enviado') }],
  '"failed"': [
    {
      says: "Si falla: 'Ha ocurrido un error' con el texto del servidor",
      actor: (p) => {
        if (p.snapshot.context.error !== 'Error interno del servidor') fail(`dice '${p.snapshot.context.error}'`);
      },
      view: (p) => p.sees('Ha ocurrido un error'),
    },
  ],
};
contractorResendModel.describeEvent = (e) =>
  (
    ({
      'row.toggle': `marca o desmarca a ${(e as { row?: { email: string } }).row?.email}`,
      resend: "pulsa 'Reenviar código'",
      'dialog.close': 'cierra el aviso',
    }) as Record<string, string>
  )[e.type] ?? (e.type.startsWith('xstate.done') ? 'el servidor envía el correo' : 'el servidor falla (500)');
