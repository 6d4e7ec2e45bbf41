import { guestActionsMachine } from '../../../machines/massive-events/guest-actions.machine.js';
import type { ActorProbe, ModelSpec } from '../../support/model-paths.js';

export const guestRows = [
  { uuid: 'g1', name: 'Ana López', firstName: 'Ana', lastName: 'López', email: 'ana@correo.mx', phone: '5511111111' },
  { uuid: 'g2', name: 'Luis Pérez', firstName: 'Luis', lastName: 'Pérez', email: '', phone: '' },
];

export const guestActionsModel: ModelSpec<typeof guestActionsMachine> = {
  name: 'guestActions',
  // What it asks the list (open the form, confirm the delete) is recorded by the actor layer; the graph has no list.
  machine: guestActionsMachine.provide({
    actions: {
      openAdd: () => undefined,
      openEdit: () => undefined,
      askDelete: () => undefined,
      reloadList: () => undefined,
      returnTo: () => undefined,
    },
  }),
  inputs: [{ name: 'invitados', input: undefined }],
  key: (s) => s.context.selected.map((r) => r.uuid),
  events: (s) => {
    if (s.value === 'refused') return [{ type: 'dialog.close' }];
    if (s.value === 'importing') {
      return [
        {
          type: 'xstate.done.actor.guestImport',
          output: { created: [{ ...guestRows[0], massiveEvent: { uuid: 'e1' } }] },
        },
        { type: 'xstate.done.actor.guestImport', output: { created: [] } },
        {
          type: 'xstate.done.actor.guestImport',
          output: { created: [{ ...guestRows[0], massiveEvent: { uuid: 'e1' } }], returnTo: '/massiveEvents' },
        },
        { type: 'xstate.error.actor.guestImport', error: new Error('falló la importación') },
      ];
    }
    if (s.value === 'sharing') {
      return [
        { type: 'xstate.done.actor.invitationShare', output: { returnTo: null } },
        { type: 'xstate.done.actor.invitationShare', output: { returnTo: '/massiveEvents' } },
      ];
    }
    if (s.value === 'downloading') {
      return [
        { type: 'xstate.done.actor.invitationDownload', output: { saved: true, returnTo: null } },
        { type: 'xstate.done.actor.invitationDownload', output: { saved: false, returnTo: '/massiveEvents' } },
      ];
    }
    const n = s.context.selected.length;
    return [
      ...(n < 2 ? [{ type: 'select.toggle', row: guestRows[n] }] : []),
      ...(n === 0 ? [{ type: 'select.all', rows: guestRows }] : []),
      ...(n > 0 ? [{ type: 'select.clear' }] : []),
      ...(['add', 'edit', 'delete', 'download', 'share', 'import'] as const).map((action) => ({
        type: 'action',
        action,
      })),
      { type: 'share.guest', row: guestRows[1] },
    ];
  },
};

type Probe = ActorProbe<typeof guestActionsMachine>;
const fail = (message: string) => {
  throw new Error(message);
};
const before = (p: Probe) => {
  // The ticks before the last action: replay the selection events.
  let ticked = 0;
  for (const e of p.events.slice(0, -1)) {
    if (e.type === 'select.toggle') ticked += 1;
    if (e.type === 'select.all') ticked = e.rows.length;
    if (e.type === 'select.clear' || (e.type === 'action' && ['edit', 'delete'].includes(e.action) && ticked === 1))
      ticked = 0;
  }
  return ticked;
};
guestActionsModel.expectations = {
  '"downloading"': [
    {
      says: "'Descargar invitación' pide las invitaciones de los invitados marcados, uno o varios (GET api/massiveEventGuests/invitation?uuid=..)",
      actor: (p) => {
        const call = p.calls.filter((c) => c.src === 'invitationDownload').at(-1) ?? fail('no pidió la descarga');
        const ticked = p.snapshot.context.selected.map((r) => r.uuid);
        if (before(p) === 0 || JSON.stringify(call.input.target) !== JSON.stringify({ kind: 'guests', uuids: ticked }))
          fail(`pidió ${JSON.stringify(call.input.target)}`);
      },
    },
  ],
  '"sharing"': [
    {
      says: "'Compartir' de una tarjeta comparte la invitación de ese invitado; 'Compartir' de la barra, las de los invitados marcados (uno o varios)",
      actor: (p) => {
        const call = p.calls.filter((c) => c.src === 'invitationShare').at(-1) ?? fail('no compartió');
        const last = p.events.at(-1)!;
        const want = last.type === 'share.guest' ? [last.row.uuid] : p.snapshot.context.selected.map((r) => r.uuid);
        const asked = (call.input.guests as { uuid: string }[]).map((g) => g.uuid);
        if (want.length === 0 || JSON.stringify(asked) !== JSON.stringify(want))
          fail(`compartió ${JSON.stringify(asked)}`);
      },
    },
  ],
  '"refused"': [
    {
      says: "Sin selección: 'Para realizar esta acción, asegúrate de seleccionar un invitado'; eliminar varios: 'No es posible eliminar más de un invitado a la vez'",
      actor: (p) => {
        const action = p.events.at(-1)!.action;
        const n = before(p);
        const want =
          n === 0
            ? 'Para realizar esta acción, asegúrate de seleccionar un invitado'
            : action === 'delete'
              ? 'No es posible eliminar más de un invitado a la vez'
              : 'No es posible editar más de un invitado a la vez';
        if (p.snapshot.context.refusal !== want) fail(`dice '${p.snapshot.context.refusal}'`);
        if (action === 'add' || action === 'import' || ((action === 'download' || action === 'share') && n > 0))
          fail(`${action} se negó`);
      },
      view: (p) => {
        p.screen.getByRole('alertdialog', { hidden: true });
      },
    },
  ],
};
