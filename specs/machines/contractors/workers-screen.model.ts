import { workersScreenMachine } from '../../../machines/contractors/workers-screen.machine.js';
import type { ModelSpec } from '../../support/model-paths.js';
import type { ViewProbe } from '../../support/view-paths.js';

/** The worker the path asked to delete (its last Eliminar). */
const askedToDelete = (probe: { events: { type: string; uuid?: string }[] }) =>
  probe.events.filter((e) => e.type === 'worker.delete').at(-1)?.uuid;
const lastDialogText = (probe: ViewProbe) => {
  const dialogs = probe.screen.getAllByRole('alertdialog', { hidden: true });
  return dialogs[dialogs.length - 1]!.textContent ?? '';
};
const must = (ok: boolean, what: string) => {
  if (!ok) throw new Error(what);
};

const w = (uuid: string, firstName: string, status: string) => ({
  uuid,
  firstName,
  lastName: 'Prueba',
  status,
  rejectReason: null,
  photo: null,
  identification: null,
  proofOfAddress: null,
  construction: {
    uuid: 's1',
    name: 'Casa Roble',
    number: 'T-1',
    streetNumber: '14',
    street: { name: 'Calle Roble' },
    contractor: { firstName: 'C', lastName: 'F', enterprise: 'Constructora' },
  },
});
export const approvedAna = w('a', 'Ana', 'Aprobado');
export const pendingPepe = w('p', 'Pepe', 'Pendiente');
export const manyApproved = Array.from({ length: 101 }, (_, i) => w(`m${i}`, `Obrero${i}`, 'Aprobado'));
export const deleteFailure = {
  kind: 'http',
  status: 404,
  body: { error: 'not_found', error_description: 'El trabajador no existe.' },
};
export const loadFailure = {
  kind: 'http',
  status: 404,
  body: { error: 'not_found', error_description: 'La obra no existe.' },
};

export const workersScreenModel: ModelSpec<typeof workersScreenMachine> = {
  name: 'workersScreen',
  run: { actors: ['loadWorkers', 'approval', 'credentialDownload', 'deleteWorker'] },
  recordedActions: ['openEdit'],
  expectations: {
    '"confirmDelete"': [
      {
        says: "Deleting a worker asks first ('No podrás revertir esta acción'); nothing is deleted yet",
        actor: (p) =>
          must(
            p.calls.filter((c) => c.src === 'deleteWorker').length ===
              p.events.filter((e) => e.type === 'delete.confirm').length,
            'a worker was deleted before the confirmation',
          ),
        view: (p: ViewProbe) =>
          must(lastDialogText(p).includes('No podrás revertir esta acción'), 'no confirmation shown'),
      },
    ],
    '"deleted"': [
      {
        says: "DELETE api/constructionWorkers/{id}/administrator of the confirmed worker, once confirmed; 'Trabajador eliminado correctamente'",
        actor: (p) =>
          must(
            p.events.some((e) => e.type === 'delete.confirm') &&
              JSON.stringify(p.calls.filter((c) => c.src === 'deleteWorker').at(-1)?.input) ===
                JSON.stringify({ uuid: askedToDelete(p) }),
            'another worker was deleted',
          ),
        view: (p: ViewProbe) =>
          must(
            lastDialogText(p).includes('Trabajador eliminado correctamente'),
            "no 'Trabajador eliminado correctamente'",
          ),
      },
    ],
    '"deleteFailed"': [
      {
        says: "A failed call shows 'Ha ocurrido un error' with the server's text",
        actor: (p) => must(p.snapshot.context.error === 'El trabajador no existe.', "the server's text is not kept"),
        view: (p: ViewProbe) =>
          must(
            lastDialogText(p).includes('Ha ocurrido un error') &&
              lastDialogText(p).includes('El trabajador no existe.'),
            "no 'Ha ocurrido un error' with the server's text",
          ),
      },
    ],
  },
  machine: workersScreenMachine,
  inputs: [{ name: 'todas las obras', input: { construction: null, requestMode: false } }],
  key: (s) => ({
    modal: s.context.modal,
    notice: Boolean(s.context.notice),
    n: s.context.workers.length,
    search: s.context.search,
    page: s.context.page,
    selected: [...s.context.selected].sort().join(','),
    deleting: s.context.deleting,
  }),
  events: (s) => {
    switch (JSON.stringify(s.value)) {
      case '"loading"':
        return [
          { type: 'xstate.done.actor.loadWorkers', output: [approvedAna, pendingPepe] },
          { type: 'xstate.error.actor.loadWorkers', error: loadFailure },
          // A site with more approved workers than one download may carry (the first load only).
          ...(s.context.workers.length ? [] : [{ type: 'xstate.done.actor.loadWorkers', output: manyApproved }]),
        ];
      case '"loadFailed"':
        return [{ type: 'retry' }];
      case '"ready"':
        if (s.context.workers.length > 2) {
          return s.context.notice
            ? [{ type: 'modal.close' }]
            : s.context.selected.length
              ? [{ type: 'selection.download' }]
              : [{ type: 'select.all', uuids: manyApproved.map((x) => x.uuid) }];
        }
        return s.context.modal || s.context.notice
          ? [{ type: 'modal.close' }]
          : [
              ...(s.context.search ? [] : [{ type: 'search.change', value: 'pepe' }]),
              ...(s.context.page ? [] : [{ type: 'page.go', page: 1 }]),
              { type: 'info.open', uuid: 'p' },
              { type: 'credential.open', uuid: 'p' },
              { type: 'credential.open', uuid: 'a' },
              { type: 'approve', uuid: 'p' },
              { type: 'reject', uuid: 'p' },
              { type: 'live.changed' },
              { type: 'credentials.download', uuids: ['a'] },
              { type: 'credentials.download', uuids: ['a', 'p'] },
              { type: 'credentials.download', uuids: Array.from({ length: 101 }, () => 'a') },
              { type: 'worker.edit', uuid: 'p' },
              { type: 'worker.edit', uuid: 'a' },
              { type: 'worker.delete', uuid: 'p' },
              ...(s.context.search || s.context.page
                ? []
                : [
                    { type: 'select.toggle', uuid: 'a' },
                    { type: 'select.toggle', uuid: 'p' },
                    { type: 'select.all', uuids: ['a', 'p'] },
                    { type: 'selection.download' },
                  ]),
            ];
      case '"confirmDelete"':
        return [{ type: 'delete.confirm' }, { type: 'delete.cancel' }];
      case '"deleting"':
        return [
          { type: 'xstate.done.actor.deleteWorker', output: undefined },
          { type: 'xstate.error.actor.deleteWorker', error: deleteFailure },
        ];
      case '"deleted"':
      case '"deleteFailed"':
        return [{ type: 'dialog.close' }];
      case '"downloading"':
        return [{ type: 'xstate.done.actor.credentialDownload', output: { saved: true, returnTo: null } }];
      case '"deciding"':
        return [
          { type: 'xstate.done.actor.approval', output: { changed: true } },
          { type: 'xstate.done.actor.approval', output: { changed: false } },
        ];
      default:
        return [];
    }
  },
};
