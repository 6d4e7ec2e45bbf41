import {
  workersScreenMachine,
  type WorkersScreenContext,
} from '../../../machines/contractors/workers-screen.machine.js';
import { expect } from 'vitest';
import type { ActorProbe, ModelSpec } from '../../support/model-paths.js';
import type { ViewProbe } from '../../support/view-paths.js';
import { within } from '@testing-library/react';

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

type Probe = ActorProbe<typeof workersScreenMachine>;
type Ev = {
  type: string;
  uuid?: string;
  uuids?: string[];
  value?: string;
  page?: number;
  format?: 'zip' | 'pdf';
  output?: unknown;
};
const APPROVED_ONLY = 'Solo es posible visualizar credenciales de trabajadores aprobados.';
const EDIT_ONLY_NOT_APPROVED = 'Solo se puedan editar trabajadores que no han sido aprobados.';
const TOO_MANY = 'Puedes descargar hasta 100 credenciales por solicitud.';
const SELECT_ONE = 'Para realizar esta acción, asegúrate de seleccionar un trabajador';

/**
 * What the screen shows after the person's steps, by the spec's rules (never read from the machine):
 * credentials only for approved workers and at most 100 per download; Editar only for a worker not
 * approved (./createWorker?token={id}); 'Seleccionar todos' ticks the cards shown or unticks them
 * when all are ticked; 'Descargar credenciales' needs a ticked worker and draws the approved among
 * them; a deleted worker is no longer ticked; a reload keeps the ticks of workers still listed.
 */
export function screenSays(events: readonly Ev[]) {
  let workers: { uuid: string; status: string }[] = [];
  const out = {
    search: '',
    page: 0,
    modal: null as 'info' | 'credential' | null,
    shown: null as string | null,
    notice: null as string | null,
    selected: new Set<string>(),
    edits: [] as string[],
    /** The uuids each credentials download was asked for, in order. */
    downloads: [] as string[][],
    /** The format of each download: 'PDF para imprimir' (pdf) or the zip of images, the default. */
    formats: [] as ('zip' | 'pdf')[],
    /** How many times the list was asked for. */
    loads: 1,
    asked: null as string | null,
  };
  const status = (u: string) => workers.find((w) => w.uuid === u)?.status ?? '';
  const approved = (u: string) => status(u) === 'Aprobado';
  const download = (uuids: string[], format: 'zip' | 'pdf' = 'zip') => {
    if (uuids.length > 100) out.notice = TOO_MANY;
    else if (!uuids.length || !uuids.every(approved)) out.notice = APPROVED_ONLY;
    else {
      out.downloads.push(uuids);
      out.formats.push(format);
      out.modal = null;
      out.shown = null;
    }
  };
  events.forEach((e, i) => {
    const before = events[i - 1];
    switch (e.type) {
      case 'xstate.done.actor.loadWorkers':
        workers = e.output as typeof workers;
        for (const u of [...out.selected]) if (!workers.some((w) => w.uuid === u)) out.selected.delete(u);
        break;
      case 'retry':
      case 'live.changed':
        out.loads += 1;
        break;
      case 'search.change':
        out.search = e.value!;
        break;
      case 'page.go':
        out.page = e.page!;
        break;
      case 'info.open':
        out.modal = 'info';
        out.shown = e.uuid!;
        break;
      case 'credential.open':
        if (approved(e.uuid!)) {
          out.modal = 'credential';
          out.shown = e.uuid!;
        } else out.notice = APPROVED_ONLY;
        break;
      case 'credentials.download':
        download(e.uuids!);
        break;
      case 'modal.close':
        out.modal = null;
        out.shown = null;
        out.notice = null;
        break;
      case 'worker.edit':
        if (approved(e.uuid!)) out.notice = EDIT_ONLY_NOT_APPROVED;
        else out.edits.push(e.uuid!);
        break;
      case 'worker.delete':
        out.asked = e.uuid!;
        break;
      case 'xstate.done.actor.deleteWorker':
        out.selected.delete(out.asked!);
        break;
      case 'dialog.close':
        // Closing 'Trabajador eliminado correctamente' reads the list again.
        if (before?.type === 'xstate.done.actor.deleteWorker') out.loads += 1;
        break;
      case 'xstate.done.actor.approval':
        // A decision that changed something reloads the page.
        if ((e.output as { changed: boolean }).changed) {
          out.loads += 1;
          out.modal = null;
          out.shown = null;
        }
        break;
      case 'select.toggle':
        if (out.selected.has(e.uuid!)) out.selected.delete(e.uuid!);
        else out.selected.add(e.uuid!);
        break;
      case 'select.all':
        if (e.uuids!.every((u) => out.selected.has(u))) for (const u of e.uuids!) out.selected.delete(u);
        else for (const u of e.uuids!) out.selected.add(u);
        break;
      case 'selection.download': {
        const ticked = [...out.selected];
        if (!ticked.length) out.notice = SELECT_ONE;
        else download(ticked.filter(approved).length ? ticked.filter(approved) : ticked, e.format);
        break;
      }
    }
  });
  return { ...out, workers };
}
const callsOf = (p: Probe, src: string) => p.calls.filter((c) => c.src === src);
const saidNow = (p: Probe) => screenSays(p.events as Ev[]);
/** The last event of the path so far. */
const lastIs = (p: Probe, ...types: string[]) =>
  expect(types, `llegó aquí con ${p.events.at(-1)?.type ?? 'el inicio'}`).toContain(p.events.at(-1)?.type ?? 'start');

export const workersScreenModel: ModelSpec<typeof workersScreenMachine> = {
  name: 'workersScreen',
  run: { actors: ['loadWorkers', 'approval', 'credentialDownload', 'deleteWorker'] },
  recordedActions: ['openEdit'],
  expectations: {
    '"loading"': [
      {
        says: "The list is read (all workers, or the site of the query) on opening, on Reintentar, when a live event says it changed, after a decision that changed something and after closing a deleted worker's notice",
        actor: (p) => {
          const loads = callsOf(p, 'loadWorkers');
          expect(loads.length, 'veces que se pidió la lista').toBe(saidNow(p).loads);
          expect(loads.at(-1)?.input).toEqual({ construction: p.input.construction });
          expect(loads.at(-1)?.outcome, 'la lectura en curso').toBeUndefined();
        },
        view: (p: ViewProbe) =>
          must(Boolean(p.screen.getByRole('status', { name: 'Cargando trabajadores' })), 'no loader'),
      },
    ],
    '"loadFailed"': [
      {
        says: "A failed call shows 'Ha ocurrido un error' with the server's text, and Reintentar",
        actor: (p) => {
          lastIs(p, 'xstate.error.actor.loadWorkers');
          expect(p.snapshot.context.error).toBe(loadFailure.body.error_description);
        },
        view: (p: ViewProbe) => must(Boolean(p.screen.getByText('La obra no existe.')), "no server's text"),
      },
    ],
    '"ready"': [
      {
        says: "The cards are the workers read; search, modals, ticks and refusals are the person's ('Solo es posible visualizar credenciales de trabajadores aprobados.', 'Solo se puedan editar trabajadores que no han sido aprobados.', at most 100 credentials, select one first); Editar of a worker not approved goes to ./createWorker?token={id}",
        actor: (p) => {
          const said = saidNow(p);
          const ctx = p.snapshot.context;
          expect(ctx.workers).toEqual(said.workers);
          expect({ search: ctx.search, modal: ctx.modal, shown: ctx.shown, notice: ctx.notice }).toEqual({
            search: said.search,
            modal: said.modal,
            shown: said.shown,
            notice: said.notice,
          });
          // The page gone to, while no search came after it.
          const lastGo = p.events.findLastIndex((e) => e.type === 'page.go');
          if (lastGo >= p.events.findLastIndex((e) => e.type === 'search.change')) expect(ctx.page).toBe(said.page);
          expect([...ctx.selected].sort(), 'las casillas marcadas').toEqual([...said.selected].sort());
          expect(callsOf(p, 'openEdit').map((c) => (c.input as { uuid: string }).uuid)).toEqual(said.edits);
          expect(callsOf(p, 'credentialDownload').length, 'descargas empezadas').toBe(said.downloads.length);
          // Nothing is left half done: no delete asked, no error, no download nor decision running.
          expect([ctx.deleting, ctx.error, ctx.downloading, ctx.deciding]).toEqual([null, null, null, null]);
        },
        view: (p: ViewProbe<WorkersScreenContext>) => {
          must(p.screen.queryByTestId('confirm-dialog') === null, 'the delete confirmation is still open');
          const ctx = p.context;
          if (ctx.notice) must(lastDialogText(p).includes(ctx.notice), `no '${ctx.notice}'`);
          if (ctx.workers.length && !ctx.search) {
            must(p.screen.getAllByRole('article', { hidden: true }).length === 2, 'not the two cards');
            for (const [uuid, name] of [
              ['a', 'Ana Prueba'],
              ['p', 'Pepe Prueba'],
            ] as const)
              must(
                (p.screen.getByLabelText(`Seleccionar a ${name}`) as HTMLInputElement).checked ===
                  ctx.selected.includes(uuid),
                `the tick of ${name} is not the person's`,
              );
          }
        },
      },
    ],
    '"confirmDelete"': [
      {
        says: "Deleting a worker asks first ('¿Seguro que deseas eliminar a este trabajador?', 'No podrás revertir esta acción'); nothing is deleted yet",
        actor: (p) => {
          lastIs(p, 'worker.delete');
          expect(p.snapshot.context.deleting).toBe(askedToDelete(p));
          must(
            p.calls.filter((c) => c.src === 'deleteWorker').length ===
              p.events.filter((e) => e.type === 'delete.confirm').length,
            'a worker was deleted before the confirmation',
          );
        },
        view: (p: ViewProbe) =>
          must(lastDialogText(p).includes('No podrás revertir esta acción'), 'no confirmation shown'),
      },
    ],
    '"deleting"': [
      {
        says: 'Once confirmed, DELETE api/constructionWorkers/{id}/administrator of the worker asked, and only then',
        actor: (p) => {
          lastIs(p, 'delete.confirm');
          const last = callsOf(p, 'deleteWorker').at(-1);
          expect(last?.input).toEqual({ uuid: askedToDelete(p) });
          expect(last?.outcome).toBeUndefined();
        },
        view: (p: ViewProbe) =>
          must(
            Boolean(
              within(p.screen.getByTestId('confirm-dialog')).getByText(
                '¿Seguro que deseas eliminar a este trabajador?',
              ),
            ),
            'the confirmation closed while deleting',
          ),
      },
    ],
    '"deleted"': [
      {
        says: "DELETE api/constructionWorkers/{id}/administrator of the confirmed worker, once confirmed; 'Trabajador eliminado correctamente'; the deleted worker is no longer ticked",
        actor: (p) => {
          lastIs(p, 'xstate.done.actor.deleteWorker');
          must(
            p.events.some((e) => e.type === 'delete.confirm') &&
              JSON.stringify(p.calls.filter((c) => c.src === 'deleteWorker').at(-1)?.input) ===
                JSON.stringify({ uuid: askedToDelete(p) }),
            'another worker was deleted',
          );
          expect(p.snapshot.context.selected).not.toContain(askedToDelete(p));
        },
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
        actor: (p) => {
          lastIs(p, 'xstate.error.actor.deleteWorker');
          must(p.snapshot.context.error === 'El trabajador no existe.', "the server's text is not kept");
        },
        view: (p: ViewProbe) =>
          must(
            lastDialogText(p).includes('Ha ocurrido un error') &&
              lastDialogText(p).includes('El trabajador no existe.'),
            "no 'Ha ocurrido un error' with the server's text",
          ),
      },
    ],
    '"downloading"': [
      {
        says: "'Descargar credencial(es)' draws the credentials (workerLicense) of the approved workers asked, at most 100: a card's one, or the approved among the ticked",
        actor: (p) => {
          lastIs(p, 'credentials.download', 'selection.download');
          const said = saidNow(p);
          const started = callsOf(p, 'credentialDownload');
          expect(started.length).toBe(said.downloads.length);
          // 'PDF para imprimir' asks for format=pdf; the zip is the route's default.
          const pdf = said.formats.at(-1) === 'pdf' ? { format: 'pdf' } : {};
          expect(started.at(-1)?.input).toEqual({ target: { kind: 'workers', uuids: said.downloads.at(-1), ...pdf } });
        },
      },
    ],
    '"deciding"': [
      {
        says: "A card's Aprobar / Rechazar starts the decision on that worker (its name and status) with the button pressed",
        actor: (p) => {
          lastIs(p, 'approve', 'reject');
          const pressed = p.events.at(-1) as { type: 'approve' | 'reject'; uuid: string };
          const worker = saidNow(p).workers.find((x) => x.uuid === pressed.uuid) as typeof pendingPepe;
          expect(callsOf(p, 'approval').at(-1)?.input).toEqual({
            bulk: false,
            action: pressed.type,
            workers: [{ uuid: worker.uuid, name: `${worker.firstName} ${worker.lastName}`, status: worker.status }],
          });
        },
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
                    { type: 'selection.download', format: 'pdf' },
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
