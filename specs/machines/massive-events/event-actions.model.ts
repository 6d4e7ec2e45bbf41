import { eventActionsMachine } from '../../../machines/massive-events/event-actions.machine.js';
import type { ActorProbe, ModelSpec } from '../../support/model-paths.js';

/** Rows the spec's rules tell apart: one per display status. */
export const eventRows = {
  proximo: { uuid: 'e1', name: 'Posada anual', status: 'Próximo' },
  terminado: { uuid: 'e2', name: 'Asamblea 2025', status: 'Terminado' },
  cancelado: { uuid: 'e3', name: 'Kermés', status: 'Cancelado' },
  curso: { uuid: 'e4', name: 'Torneo', status: 'En curso' },
  incompleto: { uuid: 'e5', name: 'Boda', status: 'Incompleto' },
} as const;
/** What the download child ends with (machines/massive-events/invitation-download.machine.ts output): saved, or failed and back to the list. */
export const downloadSaved = { saved: true, returnTo: null };
export const downloadFailed = { saved: false, returnTo: '/massiveEvents' };
export const actionFailure = {
  kind: 'http',
  status: 409,
  body: { error: 'conflict', error_description: 'El evento cambió de estatus.' },
};

const ACTIONS = ['edit', 'clone', 'cancel', 'delete', 'download'] as const;

export const eventActionsModel: ModelSpec = {
  name: 'eventActions',
  // The list it tells to reload is not part of this model (the graph has no parent to send to).
  machine: eventActionsMachine.provide({ actions: { reloadList: () => undefined, returnTo: () => undefined } }),
  inputs: [{ name: 'lista de eventos', input: undefined }],
  // What matters: which rows are ticked (by uuid), the action chosen.
  key: (s) => ({ selected: s.context.selected.map((r: { uuid: string }) => r.uuid), action: s.context.action }),
  events: (s) => {
    switch (s.value as string) {
      case 'idle': {
        const ticked = s.context.selected.length;
        // Ticking: none → one of each status; one → a second row (many); actions at each count.
        const toggles =
          ticked === 0
            ? Object.values(eventRows).map((row) => ({ type: 'select.toggle', row }))
            : ticked === 1
              ? [
                  {
                    type: 'select.toggle',
                    row: s.context.selected[0].uuid === 'e2' ? eventRows.proximo : eventRows.terminado,
                  },
                  { type: 'select.clear' },
                ]
              : [];
        return [...toggles, ...ACTIONS.map((action) => ({ type: 'action', action }))];
      }
      case 'confirming':
        return [{ type: 'confirm' }, { type: 'cancel' }];
      case 'running':
        return [
          { type: 'xstate.done.actor.runAction', output: 'nuevo' },
          { type: 'xstate.error.actor.runAction', error: actionFailure },
        ];
      case 'downloading':
        return [
          { type: 'xstate.done.actor.invitationDownload', output: downloadSaved },
          { type: 'xstate.done.actor.invitationDownload', output: downloadFailed },
        ];
      case 'refused':
      case 'succeeded':
      case 'failed':
        return [{ type: 'dialog.close' }];
      default:
        return [];
    }
  },
};

/* What the spec says holds (action rules, selection rules, messages). */
type Probe = ActorProbe;
const fail = (message: string) => {
  throw new Error(message);
};
const lastAction = (p: Probe) => [...p.events].reverse().find((e) => e.type === 'action')?.action as string;
const ticked = (p: Probe) => p.snapshot.context.selected as { uuid: string; status: string }[];
const ALLOWED: Record<string, string[]> = {
  delete: ['Terminado', 'Cancelado', 'Incompleto'],
  clone: ['Terminado'],
  edit: ['Próximo', 'Incompleto'],
  cancel: ['Próximo', 'Incompleto'],
  download: ['Próximo', 'En curso'],
};
const SUCCESS: Record<string, string> = {
  delete: 'Evento eliminado correctamente',
  clone: 'Evento clonado correctamente',
  cancel: 'Evento cancelado correctamente',
};

eventActionsModel.expectations = {
  '"refused"': [
    {
      says: "Sin selección: 'Para realizar esta acción, asegúrate de seleccionar un evento'; con varios: 'No es posible editar más de un evento a la ves' (y 'No es posible … más de un evento a la vez'); un estatus que no lo permite: 'No se puede realizar la siguiente acción', o 'Ups...' al clonar",
      actor: (p) => {
        const action = lastAction(p);
        const rows = ticked(p);
        const title = p.snapshot.context.dialog?.title;
        if (rows.length === 0) {
          if (title !== 'Para realizar esta acción, asegúrate de seleccionar un evento') fail(`dice '${title}'`);
          return;
        }
        if (rows.length > 1) {
          const want = action === 'edit' ? 'No es posible editar más de un evento a la ves' : 'No es posible';
          if (!title?.startsWith(want) || !title.includes('más de un evento')) fail(`dice '${title}'`);
          return;
        }
        if (ALLOWED[action]!.includes(rows[0]!.status)) fail(`${action} se negó para ${rows[0]!.status}`);
        const want = action === 'clone' ? 'Ups...' : 'No se puede realizar la siguiente acción';
        if (title !== want) fail(`titula '${title}'`);
        if (
          action === 'clone' &&
          p.snapshot.context.dialog.detail !==
            'No se puede clonar este evento, solo es posible clonar eventos con estatus "Terminado".'
        )
          fail('no dice el texto de clonar');
      },
      view: (p) => {
        p.screen.getByRole('alertdialog', { hidden: true });
      },
    },
  ],
  '"confirming"': [
    {
      says: 'Eliminar y cancelar piden confirmación, y solo con un evento cuyo estatus lo permite',
      actor: (p) => {
        const action = lastAction(p);
        if (!['delete', 'cancel'].includes(action)) fail(`pidió confirmar ${action}`);
        if (ticked(p).length !== 1 || !ALLOWED[action]!.includes(ticked(p)[0]!.status))
          fail('confirmó sin cumplir las reglas');
      },
      view: (p) => {
        p.screen.getByText('No podrás revertir esta acción');
      },
    },
  ],
  '"running"': [
    {
      says: 'Solo se llama al servidor con un evento seleccionado cuyo estatus permite la acción',
      actor: (p) => {
        const call = p.calls.at(-1) ?? fail('no llamó al servidor');
        const row = ticked(p)[0]!;
        if (call.input.uuid !== row.uuid || !ALLOWED[call.input.action]!.includes(row.status))
          fail(`${call.input.action} en ${row.status}`);
      },
    },
  ],
  '"downloading"': [
    {
      says: "'Descargar invitaciones' pide las invitaciones del evento seleccionado (GET api/massiveEvents/{id}/invitation), solo con un evento Próximo o En curso (no Terminado, Incompleto ni Cancelado)",
      actor: (p) => {
        const call = p.calls.filter((c) => c.src === 'invitationDownload').at(-1) ?? fail('no pidió la descarga');
        const rows = ticked(p);
        if (rows.length !== 1) fail(`descargó con ${rows.length} eventos`);
        if (call.input.target.kind !== 'event' || call.input.target.uuid !== rows[0]!.uuid)
          fail(`pidió ${JSON.stringify(call.input.target)}`);
        if (!ALLOWED.download!.includes(rows[0]!.status)) fail(`descargó un evento ${rows[0]!.status}`);
      },
    },
  ],
  '"succeeded"': [
    {
      says: "Éxitos: 'Evento eliminado correctamente', 'Evento clonado correctamente', 'Evento cancelado correctamente'",
      actor: (p) => {
        if (p.snapshot.context.dialog?.detail !== SUCCESS[p.calls.at(-1)!.input.action])
          fail(`dice '${p.snapshot.context.dialog?.detail}'`);
      },
      view: (p) => {
        p.screen.getByText(SUCCESS[p.action as string] ?? '¡Correcto!');
      },
    },
  ],
  '"failed"': [
    {
      says: "Un fallo muestra 'Ha ocurrido un error' (o 'Ups...' al clonar) con el texto del servidor",
      actor: (p) => {
        const want = p.calls.at(-1)!.input.action === 'clone' ? 'Ups...' : 'Ha ocurrido un error';
        if (
          p.snapshot.context.dialog?.title !== want ||
          p.snapshot.context.dialog?.detail !== actionFailure.body.error_description
        )
          fail('otro aviso');
      },
      view: (p) => {
        p.screen.getByText(actionFailure.body.error_description);
      },
    },
  ],
};
eventActionsModel.describeEvent = (e) => {
  if (e.type === 'select.toggle') return `marca «${e.row.name}» (${e.row.status})`;
  if (e.type === 'action') return `pulsa ${e.action}`;
  if (e.type === 'xstate.done.actor.invitationDownload')
    return e.output?.saved ? 'la descarga termina' : 'la descarga falla y se cierra el aviso';
  return (
    (
      {
        'select.clear': 'desmarca todo',
        confirm: 'confirma',
        cancel: 'vuelve',
        'dialog.close': 'cierra el aviso',
        'xstate.done.actor.runAction': 'el servidor lo hace',
        'xstate.error.actor.runAction': 'el servidor se niega',
      } as Record<string, string>
    )[e.type] ?? e.type
  );
};
