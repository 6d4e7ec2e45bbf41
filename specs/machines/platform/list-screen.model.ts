import { listScreenMachine } from '../../../machines/platform/list-screen.machine.js';
import type { ActorProbe, ModelSpec } from '../../support/model-paths.js';

const rowA = { uuid: 'a', name: 'Puerta Norte' };
export const pageOf = (page: number, rows: { uuid: string; name: string }[], total = 16) => ({
  content: rows,
  totalElements: rows.length ? total : 0,
  totalPages: rows.length ? Math.ceil(total / 15) : 0,
  page,
  size: 15,
});
const loadCases = (id: string, page: number) => [
  { type: `xstate.done.actor.${id}`, output: pageOf(page, [rowA, { uuid: 'b', name: 'Puerta Sur' }]) },
  { type: `xstate.done.actor.${id}`, output: pageOf(page, []) },
  {
    type: `xstate.error.actor.${id}`,
    error: {
      kind: 'http',
      status: 500,
      body: { error: 'server_error', error_description: 'Error interno del servidor' },
    },
  },
];

export const listScreenModel: ModelSpec<typeof listScreenMachine> = {
  name: 'listScreen',
  machine: listScreenMachine,
  inputs: [{ name: 'catalogue list', input: undefined }],
  // What the events read (page, a typed search, rows shown) and what the spec tells apart.
  key: (s) => ({
    page: s.context.page,
    asked: s.context.request.page,
    typed: s.context.searchDraft !== '',
    rows: s.context.rows.length > 0,
    filtered: s.context.filters.useApp === true,
    addedWhileLoading: s.context.askAfterForm,
  }),
  events: (s) => {
    const v = s.value as string;
    const draft = s.context.searchDraft === '' ? [{ type: 'search.change', value: 'nor' }] : [];
    // A checkbox filter (the residents' 'Residentes activados'), checked or unchecked.
    const filter = { type: 'filter.change', name: 'useApp', value: s.context.filters.useApp !== true };
    // Every filter at once (a report applying its filters), also while a page is being fetched.
    const filters = { type: 'filters.set', filters: { useApp: s.context.filters.useApp !== true } };
    switch (v) {
      case 'fetching':
        // Typing a search and pressing Enter while a page is on its way (a reload after saving), or
        // pressing 'Agregar' before the list has come.
        return [
          ...loadCases('load', s.context.request.page),
          ...draft,
          { type: 'search.submit' },
          filters,
          { type: 'row.add' },
        ];
      case 'ready':
        return [
          ...draft,
          { type: 'search.submit' },
          ...(s.context.page === 0 ? [{ type: 'page.go', page: 1 }] : []),
          { type: 'row.add' },
          { type: 'row.edit', row: rowA },
          { type: 'row.delete', row: rowA },
          { type: 'row.act', row: rowA },
          { type: 'list.reload' },
          filter,
          filters,
        ];
      case 'empty':
        return [...draft, { type: 'search.submit' }, { type: 'row.add' }, { type: 'list.reload' }, filter, filters];
      case 'selection':
        return [
          { type: 'xstate.done.actor.form', output: { saved: true } },
          { type: 'xstate.done.actor.form', output: { saved: false } },
          { type: 'xstate.error.actor.form', error: new Error('form crashed') },
        ];
      case 'acting':
        return [
          { type: 'xstate.done.actor.rowAction', output: { changed: true } },
          { type: 'xstate.done.actor.rowAction', output: { changed: false } },
          { type: 'xstate.error.actor.rowAction', error: new Error('row action crashed') },
        ];
      case 'confirmDelete':
        return [{ type: 'delete.confirm' }, { type: 'delete.cancel' }];
      case 'deleting':
        return [
          { type: 'xstate.done.actor.delete' },
          {
            type: 'xstate.error.actor.delete',
            error: {
              kind: 'http',
              status: 409,
              body: { error: 'conflict', error_description: 'La zona tiene calles.' },
            },
          },
        ];
      case 'deleted':
      case 'deleteFailed':
        return [{ type: 'dialog.close' }];
      case 'error':
        return [{ type: 'list.reload' }, { type: 'search.submit' }, filter, filters];
      default:
        return [];
    }
  },
};

/* ---------------------------------------------------------------------------------------------
 * What the spec says holds in each state (lists, delete confirmation,
 * page size): written from the spec, checked on the actor here and on the screen by the view walk.
 * ------------------------------------------------------------------------------------------- */
type Probe = ActorProbe<typeof listScreenMachine>;
const loads = (p: Probe) => p.calls.filter((c) => c.src === 'loadPage');
const lastLoad = (p: Probe) => loads(p).at(-1)?.input as { page: number; size: number; search: string } | undefined;
const lastEvent = (p: Probe, type: string) => [...p.events].reverse().find((e) => e.type === type);
const fail = (message: string) => {
  throw new Error(message);
};
/** The typed search the user submitted last (trimmed), or '' before any. */
const typedSearch = (p: Probe) => {
  const submitted = p.events
    .map((e, i) => (e.type === 'search.submit' ? i : -1))
    .filter((i) => i >= 0)
    .at(-1);
  if (submitted === undefined) return '';
  const typed = p.events
    .slice(0, submitted)
    .filter((e) => e.type === 'search.change')
    .at(-1);
  return String(typed?.value ?? '').trim();
};
/** A delete the server confirmed after the last answered page load: what is shown is stale. */
const deletedSinceLastLoad = (p: Probe) => {
  const lastAnswered =
    p.calls
      .map((c, i) => (c.src === 'loadPage' && c.outcome === 'done' ? i : -1))
      .filter((i) => i >= 0)
      .at(-1) ?? -1;
  return p.calls.some((c, i) => c.src === 'deleteRow' && c.outcome === 'done' && i > lastAnswered);
};

/** A form that ended saving after the last answered page load: what is shown is stale. */
const savedSinceLastLoad = (p: Probe) => {
  const lastAnswered =
    p.calls
      .map((c, i) => (c.src === 'loadPage' && c.outcome === 'done' ? i : -1))
      .filter((i) => i >= 0)
      .at(-1) ?? -1;
  return p.calls.some(
    (c, i) =>
      i > lastAnswered &&
      c.outcome === 'done' &&
      ((c.src === 'form' && c.output?.saved) || (c.src === 'rowAction' && c.output?.changed)),
  );
};
const showsAnsweredPage = {
  says: 'Lo que se muestra es la página que respondió el servidor, pedida después de cualquier eliminación confirmada (la fila eliminada ya no está)',
  actor: (p: Probe) => {
    if (deletedSinceLastLoad(p)) fail('se eliminó un registro y la lista no se volvió a pedir');
    if (savedSinceLastLoad(p))
      fail('el formulario o la acción de la fila cambió un registro y la lista no se volvió a pedir');
    const answered = loads(p)
      .filter((c) => c.outcome === 'done')
      .at(-1);
    if (!answered) fail('no hay una página respondida');
  },
};
const asksFifteen = {
  says: 'Cada consulta pide 15 registros por página',
  actor: (p: Probe) => {
    if (lastLoad(p) && lastLoad(p)!.size !== 15) fail(`pidió ${lastLoad(p)!.size} por página`);
  },
};

export const listScreenExpectations: Record<string, { says: string; actor?: (p: Probe) => void }[]> = {
  '"fetching"': [
    asksFifteen,
    {
      says: 'Se pide la página que corresponde a lo que hizo la persona: al entrar, la página 1 sin búsqueda; al buscar, la página 1 con el texto escrito sin espacios al inicio ni al final; al cambiar de página, la página elegida con la búsqueda vigente; al recargar (o tras eliminar o guardar), la página actual con su búsqueda; al cerrar el formulario que Agregar abrió mientras la lista cargaba, la página que se esperaba',
      actor: (p) => {
        const input = lastLoad(p) ?? fail('no se pidió ninguna página');
        const trigger = [...p.events]
          .reverse()
          .find((e) => !e.type.startsWith('xstate.') && e.type !== 'search.change');
        const ctx = p.snapshot.context;
        const waited = loads(p).at(-2);
        if (trigger?.type === 'row.add' && waited && !waited.outcome) {
          if (JSON.stringify(input) !== JSON.stringify(waited.input))
            fail(`tras el formulario pidió ${JSON.stringify(input)} y se esperaba ${JSON.stringify(waited.input)}`);
          return;
        }
        if (loads(p).length === 1 && !trigger) {
          if (input.page !== 0 || input.search !== '') fail(`la primera consulta fue ${JSON.stringify(input)}`);
          return;
        }
        if (trigger?.type === 'search.submit') {
          if (input.page !== 0) fail(`buscar pidió la página ${input.page + 1}`);
          if (input.search !== typedSearch(p))
            fail(`buscó '${input.search}' y el usuario escribió '${typedSearch(p)}'`);
        } else if (trigger?.type === 'filter.change' || trigger?.type === 'filters.set') {
          if (input.page !== 0) fail(`cambiar el filtro pidió la página ${input.page + 1}`);
          if (input.search !== ctx.search) fail('cambiar el filtro perdió la búsqueda');
        } else if (trigger?.type === 'page.go') {
          if (input.page !== trigger.page)
            fail(
              `Cambiar de página pide la página elegida: se eligió la ${trigger.page + 1} y se pidió la ${input.page + 1}`,
            );
          if (input.search !== ctx.search) fail('cambiar de página perdió la búsqueda');
        } else if (input.page !== ctx.page || input.search !== ctx.search) {
          fail(`recargó ${JSON.stringify(input)} en lugar de la página ${ctx.page + 1} con '${ctx.search}'`);
        }
      },
    },
    {
      says: "Cada consulta lleva el filtro elegido por última vez ('Residentes activados' filtra por uso de la app)",
      actor: (p) => {
        const last = [...p.events].reverse().find((e) => e.type === 'filter.change' || e.type === 'filters.set');
        const chosen = last?.type === 'filters.set' ? { name: 'useApp', value: last.filters.useApp } : last;
        const asked = (lastLoad(p) as Record<string, unknown> | undefined)?.[chosen?.name ?? 'useApp'];
        if (asked !== chosen?.value)
          fail(`se pidió ${chosen?.name ?? 'useApp'}=${String(asked)} y se eligió ${String(chosen?.value)}`);
      },
    },
  ],
  '"ready"': [showsAnsweredPage],
  '"empty"': [
    showsAnsweredPage,
    {
      says: "Una lista vacía muestra 'No se encontro algún registro con los datos ingresados.'",
      actor: (p) => {
        if (p.snapshot.context.rows.length !== 0) fail('hay filas en una lista vacía');
      },
    },
  ],
  '"selection"': [
    {
      says: "Agregar abre el formulario vacío; Editar lo abre con la fila elegida ('Agregar …' / 'Editar …')",
      actor: (p) => {
        const form = p.calls.filter((c) => c.src === 'form').at(-1) ?? fail('no se abrió el formulario');
        const chosen = [...p.events].reverse().find((e) => e.type === 'row.add' || e.type === 'row.edit');
        const expected = chosen?.type === 'row.edit' ? chosen.row : null;
        if (JSON.stringify(form.input) !== JSON.stringify({ id: expected?.uuid ?? null, row: expected }))
          fail(`se abrió con ${JSON.stringify(form.input)}`);
      },
    },
  ],
  '"acting"': [
    {
      says: 'La acción de una fila (habilitar o deshabilitar) corre sobre la fila elegida',
      actor: (p) => {
        const call = p.calls.filter((c) => c.src === 'rowAction').at(-1) ?? fail('no se inició la acción');
        if (call.input.row.uuid !== lastEvent(p, 'row.act')?.row.uuid) fail('la acción corre sobre otra fila');
      },
    },
  ],
  '"confirmDelete"': [
    {
      says: "Eliminar pide confirmación: '¿Seguro que deseas eliminar {nombre}?'",
      actor: (p) => {
        if (p.snapshot.context.selected?.uuid !== lastEvent(p, 'row.delete')?.row.uuid)
          fail('la confirmación no es de la fila elegida');
        if (p.calls.some((c) => c.src === 'deleteRow' && !c.outcome)) fail('se eliminó antes de confirmar');
      },
    },
  ],
  '"deleting"': [
    {
      says: 'Confirmar elimina la fila elegida en el servidor',
      actor: (p) => {
        const call = p.calls.filter((c) => c.src === 'deleteRow').at(-1) ?? fail('no se pidió eliminar');
        if (call.input.row.uuid !== lastEvent(p, 'row.delete')?.row.uuid) fail('se eliminó otra fila');
      },
    },
  ],
  '"deleted"': [
    {
      says: "Tras eliminar se muestra '¡Correcto!' con '{nombre} se eliminó correctamente.'",
      actor: (p) => {
        const name = lastEvent(p, 'row.delete')?.row.name;
        if (p.snapshot.context.notice !== `${name} se eliminó correctamente.`)
          fail(`el aviso es '${p.snapshot.context.notice}'`);
      },
    },
  ],
  '"deleteFailed"': [
    {
      says: 'Si el servidor no elimina, se muestra su mensaje y la fila sigue en la lista',
      actor: (p) => {
        if (!p.snapshot.context.error) fail('no hay mensaje');
        if (!p.snapshot.context.rows.some((r: { uuid: string }) => r.uuid === lastEvent(p, 'row.delete')?.row.uuid))
          fail('la fila desapareció');
      },
    },
  ],
  '"error"': [
    {
      says: 'Si la lista no carga se muestra el motivo y se ofrece reintentar',
      actor: (p) => {
        if (!p.snapshot.context.error) fail('no hay mensaje de error');
      },
    },
  ],
};
listScreenModel.expectations = listScreenExpectations as never;
listScreenModel.describeEvent = (e) =>
  (
    ({
      'search.change': `escribe '${e.value}' en la búsqueda`,
      'search.submit': 'busca',
      'page.go': `va a la página ${(e.page as number) + 1}`,
      'row.add': 'pulsa Agregar',
      'row.edit': `pulsa Editar en '${(e.row as { name: string })?.name}'`,
      'row.delete': `pulsa Eliminar en '${(e.row as { name: string })?.name}'`,
      'row.act': `pulsa la acción de la fila '${(e.row as { name: string })?.name}'`,
      'xstate.done.actor.rowAction': (e.output as { changed: boolean })?.changed
        ? 'la acción cambia la fila'
        : 'la acción se cancela',
      'xstate.error.actor.rowAction': 'la acción falla',
      'delete.confirm': 'confirma la eliminación',
      'delete.cancel': 'cancela la eliminación',
      'xstate.done.actor.form': (e.output as { saved: boolean })?.saved
        ? 'el formulario termina tras guardar'
        : 'el formulario se cierra sin guardar',
      'xstate.error.actor.form': 'el formulario falla',
      'dialog.close': 'cierra el aviso',
      'list.reload': 'recarga la lista',
      'filter.change': `${e.value ? 'marca' : 'desmarca'} el filtro '${e.name}'`,
      'filters.set': `aplica los filtros ${JSON.stringify(e.filters)}`,
      'xstate.done.actor.load': (e.output as { content: unknown[] })?.content?.length
        ? 'el servidor responde una página con filas'
        : 'el servidor responde una página vacía',
      'xstate.done.actor.search': 'el servidor responde la búsqueda',
      'xstate.done.actor.page': 'el servidor responde la página',
      'xstate.error.actor.load': 'el servidor falla al cargar',
      'xstate.error.actor.search': 'el servidor falla al buscar',
      'xstate.error.actor.page': 'el servidor falla al cambiar de página',
      'xstate.done.actor.delete': 'el servidor elimina',
      'xstate.error.actor.delete': 'el servidor rechaza la eliminación (tiene registros asociados)',
    }) as Record<string, string>
  )[e.type] ?? e.type;
