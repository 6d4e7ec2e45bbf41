import {
  workerApprovalMachine,
  type WorkerApprovalInput,
} from '../../../machines/contractors/worker-approval.machine.js';
import type { ModelSpec } from '../../support/model-paths.js';

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

export const workerApprovalModel: ModelSpec<typeof workerApprovalMachine> = {
  name: 'workerApproval',
  machine: workerApprovalMachine,
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
