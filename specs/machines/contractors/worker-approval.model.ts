import { expect } from 'vitest';
import {
  approvalDialog,
  workerApprovalMachine,
  type WorkerApprovalInput,
} from '../../../machines/contractors/worker-approval.machine.js';
import type { ActorProbe, ModelSpec } from '../../support/model-paths.js';

const w = (uuid: string, name: string, status: string) => ({ uuid, name, status });
export const pendingAna = w('w1', 'Ana Pérez', 'Pendiente');
export const pendingLuis = w('w2', 'Luis Gómez', 'Pendiente');
export const approvedEva = w('w3', 'Eva Ruiz', 'Aprobado');
export const rejectedPaco = w('w4', 'Paco Díaz', 'Rechazado');
export const serverRefusal = {
  kind: 'http',
  status: 409,
  body: { error: 'conflict', error_description: 'Solamente puedes aprobar solicitudes pendientes.' },
};
export const GOOD_REASON = 'Identificación ilegible';
export const LONG_REASON = 'x'.repeat(501);

const one = (action: 'approve' | 'reject', worker: ReturnType<typeof w>): WorkerApprovalInput => ({
  workers: [worker],
  bulk: false,
  action,
});
const site = (action: 'approve' | 'reject', workers: ReturnType<typeof w>[]): WorkerApprovalInput => ({
  workers,
  bulk: true,
  action,
});

/*
 * The approval rules and their messages, written out per input (never read from the machine):
 * approve only non-approved; reject only pending ('El trabajador ya ha sido rechazado' for a
 * rejected one, 'Solo se pueden rechazar solicitudes pendientes.' for an approved one); approve
 * all / reject all only the site's pending workers, 'No hay solicitudes pendientes' with none.
 */
export function specSays(input: WorkerApprovalInput): {
  refusal: string | null;
  noPending: boolean;
  targets: string[];
} {
  const [first] = input.workers;
  if (input.bulk) {
    const targets = input.workers.filter((w) => w.status === 'Pendiente').map((w) => w.uuid);
    return { refusal: null, noPending: targets.length === 0, targets };
  }
  if (input.action === 'approve')
    return first!.status === 'Aprobado'
      ? { refusal: 'Solamente puedes aprobar solicitudes pendientes.', noPending: false, targets: [] }
      : { refusal: null, noPending: false, targets: [first!.uuid] };
  if (first!.status === 'Rechazado')
    return { refusal: 'El trabajador ya ha sido rechazado', noPending: false, targets: [] };
  if (first!.status !== 'Pendiente')
    return { refusal: 'Solo se pueden rechazar solicitudes pendientes.', noPending: false, targets: [] };
  return { refusal: null, noPending: false, targets: [first!.uuid] };
}

type Probe = ActorProbe<typeof workerApprovalMachine>;
const decisions = (p: Probe) => p.calls.filter((c) => c.src === 'approveWorker' || c.src === 'rejectWorker');
const sentIds = (p: Probe) => decisions(p).map((c) => c.input.uuid);
const dialogOf = (p: Probe, state: string) => approvalDialog(state, p.snapshot.context);
/** Nothing is sent: the rule refused it or nothing was confirmed yet. */
const nothingSent = (p: Probe) => expect(sentIds(p)).toEqual([]);
/** Only the workers the rule allows, each once, in order, with the call of the button pressed. */
const onlyAllowed = (p: Probe) => {
  expect(sentIds(p)).toEqual(specSays(p.input).targets.slice(0, sentIds(p).length));
  const src = p.input.action === 'approve' ? 'approveWorker' : 'rejectWorker';
  expect(decisions(p).every((c) => c.src === src)).toBe(true);
};
const allSent = (p: Probe) => expect(sentIds(p)).toEqual(specSays(p.input).targets);
const failureTitle = (state: string) => (p: Probe) => expect(dialogOf(p, state)?.title).toBe('Solicitud no completada');
/** A dialog once closed is gone: closing it never shows it again. */
const notReopened = (p: Probe) =>
  expect(p.events.at(-1)?.type, 'cerrar el aviso lo volvió a mostrar').not.toBe('dialog.close');
const TRANSIENT =
  'Decide sin esperar a nadie (el actor nunca se queda aquí): lo que dice el spec se comprueba en el estado al que lleva.';

export const workerApprovalModel: ModelSpec<typeof workerApprovalMachine> = {
  name: 'workerApproval',
  machine: workerApprovalMachine,
  run: { actors: ['approveWorker', 'rejectWorker'] },
  noExpectation: {
    checking: TRANSIENT,
    'approving.next': TRANSIENT,
    'rejecting.next': TRANSIENT,
  },
  expectations: {
    '"refused"': [
      {
        says: "Aprobar solo a quien no está aprobado, rechazar solo a pendientes: si no, 'No se puede realizar la siguiente acción' con el mensaje de la regla, y no se envía nada",
        actor: (p) => {
          const said = specSays(p.input).refusal;
          expect(said, 'la regla permite esta acción').not.toBeNull();
          expect(dialogOf(p, 'refused')).toEqual({ title: 'No se puede realizar la siguiente acción', text: said });
          nothingSent(p);
          notReopened(p);
        },
      },
    ],
    '"noPending"': [
      {
        says: "Aprobar todas / rechazar todas sin trabajadores pendientes en la obra: 'No hay solicitudes pendientes', y no se envía nada",
        actor: (p) => {
          expect(specSays(p.input).noPending, 'la obra tiene pendientes').toBe(true);
          expect(dialogOf(p, 'noPending')?.text).toBe('No hay solicitudes pendientes');
          nothingSent(p);
          notReopened(p);
        },
      },
    ],
    '"askingReason"': [
      {
        says: 'Rechazar pide el motivo antes de enviar nada; confirmar un motivo en blanco o de más de 500 caracteres no envía y dice por qué',
        actor: (p) => {
          expect(p.input.action, 'solo rechazar pide motivo').toBe('reject');
          expect(specSays(p.input).refusal).toBeNull();
          nothingSent(p);
          const typed = [...p.events].reverse().find((e) => e.type === 'reason.change') as
            | { value: string }
            | undefined;
          if (p.events.at(-1)?.type === 'reason.submit') {
            const reason = typed?.value.trim() ?? '';
            expect(p.snapshot.context.reasonError).toBe(
              reason === '' ? 'Escribe el motivo del rechazo.' : 'El motivo no debe tener más de 500 caracteres.',
            );
          }
          if (p.events.at(-1)?.type === 'reason.change') {
            expect(p.snapshot.context.reason, 'el campo muestra lo escrito').toBe(typed?.value);
            expect(p.snapshot.context.reasonError).toBeNull();
          }
          expect(p.events.at(-1)?.type, 'Cancelar cierra el diálogo del motivo').not.toBe('cancel');
        },
      },
    ],
    '{"approving":"sending"}': [
      {
        says: 'Aprobar envía PUT approve de cada trabajador que la regla permite (en bloque, los pendientes de la obra), uno a la vez y en orden',
        actor: (p) => {
          expect(p.input.action).toBe('approve');
          onlyAllowed(p);
          expect(decisions(p).at(-1)?.outcome, 'la llamada en curso').toBeUndefined();
        },
      },
    ],
    '{"rejecting":"sending"}': [
      {
        says: 'Rechazar envía PUT reject con el motivo escrito (sin espacios de sobra) de cada pendiente, uno a la vez y en orden',
        actor: (p) => {
          expect(p.input.action).toBe('reject');
          onlyAllowed(p);
          for (const c of decisions(p)) expect((c.input as { reason?: string }).reason).toBe(GOOD_REASON);
          expect(decisions(p).at(-1)?.outcome, 'la llamada en curso').toBeUndefined();
        },
      },
    ],
    '"decided"': [
      {
        says: "Todo se decidió: '¡Solicitud Aprobada!' / '¡Solicitud rechazada!' (en bloque '¡Solicitudes aceptadas correctamente!' / '¡Solicitudes rechazadas correctamente!')",
        actor: (p) => {
          allSent(p);
          expect(decisions(p).every((c) => c.outcome === 'done')).toBe(true);
          const titles = p.input.bulk
            ? { approve: '¡Solicitudes aceptadas correctamente!', reject: '¡Solicitudes rechazadas correctamente!' }
            : { approve: '¡Solicitud Aprobada!', reject: '¡Solicitud rechazada!' };
          expect(dialogOf(p, 'decided')?.title).toBe(titles[p.input.action]);
        },
      },
    ],
    '"failed"': [
      {
        says: "Nada se decidió: 'Solicitud no completada' con el texto del servidor",
        actor: (p) => {
          allSent(p);
          expect(decisions(p).every((c) => c.outcome === 'error')).toBe(true);
          failureTitle('failed')(p);
          expect(dialogOf(p, 'failed')?.text).toContain(serverRefusal.body.error_description);
        },
      },
    ],
    '"partial"': [
      {
        says: "En bloque, algunas fallaron: 'Solicitud no completada' nombrando a quienes fallaron con el texto del servidor",
        actor: (p) => {
          expect(p.input.bulk).toBe(true);
          allSent(p);
          const calls = decisions(p);
          expect(calls.some((c) => c.outcome === 'done') && calls.some((c) => c.outcome === 'error')).toBe(true);
          failureTitle('partial')(p);
          const text = dialogOf(p, 'partial')?.text ?? '';
          for (const c of calls.filter((c) => c.outcome === 'error')) {
            const name = p.input.workers.find((w) => w.uuid === c.input.uuid)!.name;
            expect(text).toContain(`${name}: ${serverRefusal.body.error_description}`);
          }
        },
      },
    ],
    '"closed"': [
      {
        says: 'Termina solo al cerrar el aviso o cancelar; al terminar, la lista se recarga solo si algo se decidió (el éxito recarga la página)',
        actor: (p) => {
          expect(['dialog.close', 'cancel']).toContain(p.events.at(-1)?.type);
          expect(p.snapshot.output).toEqual({ changed: decisions(p).some((c) => c.outcome === 'done') });
        },
      },
    ],
  },
  inputs: [
    { name: 'aprobar a un pendiente', input: one('approve', pendingAna) },
    { name: 'aprobar a un rechazado', input: one('approve', rejectedPaco) },
    { name: 'aprobar a un aprobado', input: one('approve', approvedEva) },
    { name: 'rechazar a un pendiente', input: one('reject', pendingAna) },
    { name: 'rechazar a un aprobado', input: one('reject', approvedEva) },
    { name: 'rechazar a un rechazado', input: one('reject', rejectedPaco) },
    {
      name: 'aprobar todas (2 pendientes de 4)',
      input: site('approve', [pendingAna, approvedEva, pendingLuis, rejectedPaco]),
    },
    {
      name: 'rechazar todas (2 pendientes de 4)',
      input: site('reject', [pendingAna, approvedEva, pendingLuis, rejectedPaco]),
    },
    { name: 'aprobar todas sin pendientes', input: site('approve', [approvedEva, rejectedPaco]) },
  ],
  key: (s) => ({ reason: s.context.reason, index: s.context.index, failed: s.context.failures.length }),
  events: (s) => {
    const value = JSON.stringify(s.value);
    switch (value) {
      case '"askingReason"':
        return [
          { type: 'reason.change', value: '   ' },
          { type: 'reason.change', value: GOOD_REASON },
          { type: 'reason.change', value: LONG_REASON },
          { type: 'reason.submit' },
          { type: 'cancel' },
        ];
      case '{"approving":"sending"}':
        return [
          { type: 'xstate.done.actor.approveWorker', output: {} },
          { type: 'xstate.error.actor.approveWorker', error: serverRefusal },
        ];
      case '{"rejecting":"sending"}':
        return [
          { type: 'xstate.done.actor.rejectWorker', output: {} },
          { type: 'xstate.error.actor.rejectWorker', error: serverRefusal },
        ];
      case '"refused"':
      case '"noPending"':
      case '"decided"':
      case '"failed"':
      case '"partial"':
        return [{ type: 'dialog.close' }];
      default:
        return [];
    }
  },
};
workerApprovalModel.describeEvent = (e) =>
  (
    ({
      'reason.change': `escribe el motivo '${String((e as { value?: string }).value).slice(0, 20)}'`,
      'reason.submit': 'confirma el rechazo',
      cancel: 'cancela',
      'dialog.close': 'cierra el aviso',
      'xstate.done.actor.approveWorker': 'el servidor aprueba',
      'xstate.error.actor.approveWorker': 'el servidor se niega (409)',
      'xstate.done.actor.rejectWorker': 'el servidor rechaza',
      'xstate.error.actor.rejectWorker': 'el servidor se niega (409)',
    }) as Record<string, string>
  )[e.type] ?? e.type;
