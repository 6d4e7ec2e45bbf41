import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { failureDescription } from '../../src/shared/platform/api-failure.js';
import { ContractorTexts } from '../../src/shared/contractors/construction-rules.js';

/** A checked contractor: what resending needs. */
export interface CheckedContractor {
  uuid: string;
  email: string;
}

export interface ContractorResendContext {
  checked: CheckedContractor[];
  error: string | null;
}

export type ContractorResendEvent =
  | { type: 'row.toggle'; row: CheckedContractor }
  | { type: 'resend' }
  | { type: 'dialog.close' };

/**
 * 'Reenviar código' over the contractors' checkboxes: exactly one checked
 * contractor gets its access link again (`POST api/users/resetPassword`, 'Correo enviado'); none
 * checked says 'Es necesario seleccionar un contratista...', several say 'No se puede reenviar el
 * código a más de un contratista a la vez.'.
 */
export const contractorResendMachine = setup({
  types: { context: {} as ContractorResendContext, events: {} as ContractorResendEvent },
  actors: {
    resendAccess: fromPromise<unknown, { email: string }>(async () => {
      throw new Error('not provided');
    }),
  },
  guards: {
    noneChecked: ({ context }) => context.checked.length === 0,
    severalChecked: ({ context }) => context.checked.length > 1,
  },
  actions: {
    showFailure: assign((_, params: { error: unknown }) => ({ error: failureDescription(params.error) })),
    clearError: assign({ error: null }),
    /** Sent: no row stays checked. */
    uncheckAll: assign({ checked: [] }),
    toggle: assign(({ context, event }) => {
      assertEvent(event, 'row.toggle');
      const on = context.checked.some((c) => c.uuid === event.row.uuid);
      return {
        checked: on ? context.checked.filter((c) => c.uuid !== event.row.uuid) : [...context.checked, event.row],
      };
    }),
  },
}).createMachine({
  id: 'contractorResend',
  context: { checked: [], error: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'row.toggle': { actions: 'toggle' },
        resend: [
          { guard: 'noneChecked', target: 'needsOne' },
          { guard: 'severalChecked', target: 'tooMany' },
          { target: 'sending' },
        ],
      },
    },
    /** 'Es necesario seleccionar un contratista...' */
    needsOne: { on: { 'dialog.close': 'idle' } },
    /** 'No se puede reenviar el código a más de un contratista a la vez.' */
    tooMany: { on: { 'dialog.close': 'idle' } },
    sending: {
      invoke: {
        id: 'resendAccess',
        src: 'resendAccess',
        input: ({ context }) => ({ email: context.checked[0].email }),
        onDone: { target: 'sent' },
        onError: {
          target: 'failed',
          actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    /** 'Correo enviado'; closing it unchecks the contractor. */
    sent: { on: { 'dialog.close': { target: 'idle', actions: 'uncheckAll' } } },
    /** 'Ha ocurrido un error' with the server's text. */
    failed: { on: { 'dialog.close': { target: 'idle', actions: 'clearError' } } },
  },
});

export const resendMessages = {
  needsOne: ContractorTexts.selectOne,
  tooMany: ContractorTexts.resendOne,
  sent: ContractorTexts.mailSent,
} as const;
