import { assertEvent, assign, enqueueActions, fromCallback, fromPromise, setup, type AnyActorLogic } from 'xstate';
import type { Page } from '../../src/shared/platform/api-types.js';
import { failureDescription } from '../../src/shared/platform/api-failure.js';
import { PAGE_SIZE } from '../../src/shared/platform/constants.js';

/** A row only needs a uuid and a name to be shown, selected and confirmed for deletion. */
export interface ListRow {
  uuid: string;
  name?: string;
  [key: string]: unknown;
}

export interface ListScreenContext {
  rows: ListRow[];
  total: number;
  totalPages: number;
  page: number;
  size: number;
  /** The search that produced the rows; `searchDraft` is what the box holds. */
  search: string;
  searchDraft: string;
  /** The screen's own filters (e.g. 'Residentes activados' → `useApp`), sent with every page request. */
  filters: ListFilters;
  /** Each shown row has a `rowChild` of its own (e.g. a resident's code cell), id `row:{uuid}`. */
  rowChildren: boolean;
  /** The screen's toolbar has a child of its own (e.g. the events' selection and actions), id `toolbar`, spawned once. */
  toolbar: boolean;
  /** The page being asked for (the first load, a search, a page change, a reload). */
  request: LoadInput;
  /** The row being edited (null with `editing` = adding) or confirmed for deletion. */
  selected: ListRow | null;
  /** 'Agregar' was pressed while a page was on its way: when the form ends, that page is asked again. */
  askAfterForm: boolean;
  error: string | null;
  notice: string | null;
}

export type ListScreenEvent =
  | { type: 'search.change'; value: string }
  | { type: 'search.submit' }
  | { type: 'page.go'; page: number }
  | { type: 'row.add' }
  | { type: 'row.edit'; row: ListRow }
  | { type: 'row.delete'; row: ListRow }
  | { type: 'row.act'; row: ListRow }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' }
  | { type: 'dialog.close' }
  | { type: 'list.reload' }
  | { type: 'filter.change'; name: string; value: boolean | string }
  /** Every filter at once (a report's applied filters): page 1 with the shown search; a page being fetched is dropped for it. */
  | { type: 'filters.set'; filters: ListFilters }
  | { type: 'xstate.done.actor.load'; output: Page<ListRow> }
  | { type: 'xstate.error.actor.load'; error: unknown }
  | { type: 'xstate.error.actor.delete'; error: unknown };

/** A screen's filters by name; they travel flat in the page request beside page, size and search. */
export type ListFilters = Record<string, boolean | string>;

export interface LoadInput {
  page: number;
  size: number;
  search: string;
  [filter: string]: boolean | string | number;
}

/** Where a list stands, as a screen keeps it between visits (page and search survive /newResidents). */
export interface ListMemory {
  page: number;
  search: string;
  filters: ListFilters;
}

/** What a screen starts its list with: the page size, where it stood (restored), its filters, per-row children. */
export interface ListScreenInput {
  size?: number;
  restore?: Partial<ListMemory> | null;
  filters?: ListFilters;
  rowChildren?: boolean;
  toolbar?: boolean;
}

/** The id of a shown row's own child (its `rowChild`): the view reads `snapshot.children[rowChildId(uuid)]`. */
export const rowChildId = (uuid: string) => `row:${uuid}`;

const requestOf = (page: number, size: number, search: string, filters: ListFilters): LoadInput => ({
  ...filters,
  page,
  size,
  search,
});

/** What the list gives the add/edit form it opens (the form machine's input): the row, or none to add. */
export interface FormLaunch {
  id: string | null;
  row: ListRow | null;
}

const fromPage = (output: Page<ListRow>, request: LoadInput) => ({
  rows: output.content,
  total: output.totalElements,
  totalPages: output.totalPages,
  page: output.page,
  search: request.search,
  error: null,
});
const pageHasRows = (output: Page<ListRow>) => output.content.length > 0;

/** After each answered page the screen may keep where the list stands. */
const remember = {
  type: 'remember',
  params: ({ context }: { context: ListScreenContext }): ListMemory => ({
    page: context.page,
    search: context.search,
    filters: context.filters,
  }),
} as const;

/**
 * The list pattern every catalogue and CRUD screen reuses: load, search, page, open the
 * add/edit form as a child machine (the `form` actor, the form skeleton the screen configures) and
 * reload when it reports it saved, confirm and delete, reload after success.
 */
/*
 * The screen's children are any machine or promise with the documented input and output (a form
 * machine, a row's action machine, a callback): so each slot takes any logic, and what they
 * end with is read through these typed views of their output.
 */
const notProvided: AnyActorLogic = fromPromise(async () => {
  throw new Error('not provided');
});
const nothing: AnyActorLogic = fromPromise(async () => undefined);
const noLive: AnyActorLogic = fromCallback(() => () => {});
/** A row action ends with `{ changed }`; a form with `{ saved }`. */
const rowActionOutput = (output: { changed: boolean }) => output;
const formOutput = (output: { saved: boolean }) => output;

export const listScreenMachine = setup({
  types: {
    context: {} as ListScreenContext,
    events: {} as ListScreenEvent,
    input: {} as ListScreenInput | undefined,
  },
  actors: {
    loadPage: fromPromise<Page<ListRow>, LoadInput>(async () => {
      throw new Error('not provided');
    }),
    deleteRow: fromPromise<void, { row: ListRow }>(async () => {
      throw new Error('not provided');
    }),
    /** A row's own action (enable/disable an integrator): a machine that takes `{ row }` and ends with `{ changed }`. */
    rowAction: notProvided,
    /** The add/edit form: any machine that takes a FormLaunch and ends with `{ saved }` (machines/platform/form-screen.machine.ts, configured per screen). */
    form: notProvided,
    /** A shown row's own child (a resident's code cell): takes `{ row }`, lives while the row is shown. */
    rowChild: nothing,
    /** The toolbar's own child (selection and actions on the ticked rows); it sends `list.reload` to the list after a change. */
    toolbar: nothing,
    /** Live updates of a screen whose rows change elsewhere (the contractor's sites): reports 'list.reload'. None by default. */
    live: noLive,
  },
  guards: {
    pageHasRows: ({ event }) => {
      assertEvent(event, 'xstate.done.actor.load');
      return pageHasRows(event.output);
    },
    hasRows: ({ context }) => context.rows.length > 0,
    /** The row's own action changed it: the list reloads. */
    rowChanged: (_, params: { changed: boolean }) => params.changed,
    /** The form saved: the list reloads. */
    formSaved: (_, params: { saved: boolean }) => params.saved,
    /** The form was opened while a page was on its way (`askAfterForm`). */
    asksAfterForm: ({ context }) => context.askAfterForm,
    isOtherPage: ({ context, event }) => {
      assertEvent(event, 'page.go');
      return event.page >= 0 && event.page < context.totalPages && event.page !== context.page;
    },
  },
  actions: {
    setSearchDraft: assign(({ event }) => {
      assertEvent(event, 'search.change');
      return { searchDraft: event.value };
    }),
    /** '{name} se eliminó correctamente.' ('El registro' without a name). */
    noticeDeleted: assign(({ context }) => ({
      notice: `${context.selected?.name ?? 'El registro'} se eliminó correctamente.`,
    })),
    closeNotice: assign({ notice: null }),
    clearError: assign({ error: null }),
    /** Searching asks page 1 with the typed text, trimmed. */
    askSearch: assign(({ context }) => ({
      request: requestOf(0, context.size, context.searchDraft.trim(), context.filters),
    })),
    /** Changing a filter asks page 1 with the search shown and the new filter. */
    askFiltered: assign(({ context, event }) => {
      assertEvent(event, 'filter.change');
      const filters = { ...context.filters, [event.name]: event.value };
      return { filters, request: requestOf(0, context.size, context.search, filters) };
    }),
    /** Setting every filter asks page 1 with the search shown and exactly those filters. */
    askWithFilters: assign(({ context, event }) => {
      assertEvent(event, 'filters.set');
      return { filters: { ...event.filters }, request: requestOf(0, context.size, context.search, event.filters) };
    }),
    /** Paging asks the chosen page with the current search. */
    askPage: assign(({ context, event }) => {
      assertEvent(event, 'page.go');
      return { request: requestOf(event.page, context.size, context.search, context.filters) };
    }),
    /** Reloading asks the page shown, with its search. */
    askSame: assign(({ context }) => ({
      request: requestOf(context.page, context.size, context.search, context.filters),
    })),
    /** The rows of the answered page replace the shown ones, and so do their own children. */
    showPage: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, 'xstate.done.actor.load');
      const page = fromPage(event.output, context.request);
      if (context.rowChildren) for (const row of context.rows) enqueue.stopChild(rowChildId(row.uuid));
      enqueue.assign(page);
      if (context.rowChildren)
        for (const row of page.rows) enqueue.spawnChild('rowChild', { id: rowChildId(row.uuid), input: { row } });
    }),
    /** Where the list stands after each answered page; the screen keeps it (local storage) or not. */
    remember: (_, _memory: ListMemory) => undefined,
    showFailure: assign({
      error: ({ event }) => {
        assertEvent(event, ['xstate.error.actor.load', 'xstate.error.actor.delete']);
        return failureDescription(event.error);
      },
    }),
    select: assign(({ event }) => {
      assertEvent(event, ['row.edit', 'row.delete', 'row.act']);
      return { selected: event.row };
    }),
    unselect: assign({ selected: null }),
    /** 'Agregar' while a page is on its way: the empty form now, the page asked again after it. */
    addWhileLoading: assign({ selected: null, askAfterForm: true }),
    /** The form has ended: the page on its way when it opened is asked again (the request is kept). */
    askAgainAfterForm: assign({ selected: null, askAfterForm: false }),
  },
}).createMachine({
  id: 'listScreen',
  context: ({ input }) => {
    const size = input?.size ?? PAGE_SIZE;
    // A restored list starts where it stood: its page, its search (in the box too), its filters.
    const page = Math.max(0, Math.trunc(input?.restore?.page ?? 0));
    const search = input?.restore?.search ?? '';
    const filters = { ...input?.filters, ...input?.restore?.filters };
    return {
      rows: [],
      total: 0,
      totalPages: 0,
      page,
      size,
      search,
      searchDraft: search,
      filters,
      rowChildren: input?.rowChildren ?? false,
      toolbar: input?.toolbar ?? false,
      request: requestOf(page, size, search, filters),
      selected: null,
      askAfterForm: false,
      error: null,
      notice: null,
    };
  },
  invoke: { id: 'live', src: 'live' },
  initial: 'fetching',
  entry: enqueueActions(({ context, enqueue }) => {
    if (context.toolbar) enqueue.spawnChild('toolbar', { id: 'toolbar' });
  }),
  on: { 'search.change': { actions: 'setSearchDraft' } },
  states: {
    /** One request at a time, whatever asked for it: the first load, a search, a page, a reload. */
    fetching: {
      // A search sent while a page is on its way (a reload after a save, say) is what the user
      // asks for now: the page on its way is dropped for it.
      on: {
        'search.submit': { target: 'fetching', reenter: true, actions: 'askSearch' },
        'filters.set': { target: 'fetching', reenter: true, actions: 'askWithFilters' },
        // 'Agregar' does not wait for the list: the form opens at once (see `selection`).
        'row.add': { target: 'selection', actions: 'addWhileLoading' },
      },
      invoke: {
        id: 'load',
        src: 'loadPage',
        input: ({ context }) => context.request,
        onDone: [
          { guard: 'pageHasRows', target: 'ready', actions: ['showPage', remember] },
          { target: 'empty', actions: ['showPage', remember] },
        ],
        onError: { target: 'error', actions: 'showFailure' },
      },
    },
    ready: {
      on: {
        'search.submit': { target: 'fetching', actions: 'askSearch' },
        'page.go': { guard: 'isOtherPage', target: 'fetching', actions: 'askPage' },
        'row.add': { target: 'selection', actions: 'unselect' },
        'row.edit': { target: 'selection', actions: 'select' },
        'row.delete': { target: 'confirmDelete', actions: 'select' },
        'row.act': { target: 'acting', actions: 'select' },
        'list.reload': { target: 'fetching', actions: 'askSame' },
        'filter.change': { target: 'fetching', actions: 'askFiltered' },
        'filters.set': { target: 'fetching', actions: 'askWithFilters' },
      },
    },
    /** A row's own action runs as a child over the list; the list reloads when it changed the row. */
    acting: {
      invoke: {
        id: 'rowAction',
        src: 'rowAction',
        input: ({ context }: { context: ListScreenContext }): { row: ListRow } => ({ row: context.selected! }),
        onDone: [
          {
            guard: { type: 'rowChanged', params: ({ event }) => ({ changed: rowActionOutput(event.output).changed }) },
            target: 'fetching',
            actions: ['unselect', 'askSame'],
          },
          { target: 'ready', actions: 'unselect' },
        ],
        onError: { target: 'ready', actions: 'unselect' },
      },
    },
    empty: {
      on: {
        'search.submit': { target: 'fetching', actions: 'askSearch' },
        'row.add': { target: 'selection', actions: 'unselect' },
        'list.reload': { target: 'fetching', actions: 'askSame' },
        'filter.change': { target: 'fetching', actions: 'askFiltered' },
        'filters.set': { target: 'fetching', actions: 'askWithFilters' },
      },
    },
    /**
     * The add/edit form runs as a child over the list; when it ends, the list reloads if it saved, or
     * asks again the page that was on its way when it opened (`askAfterForm`).
     */
    selection: {
      invoke: {
        id: 'form',
        src: 'form',
        input: ({ context }: { context: ListScreenContext }): FormLaunch => ({
          id: context.selected?.uuid ?? null,
          row: context.selected,
        }),
        onDone: [
          { guard: 'asksAfterForm', target: 'fetching', actions: 'askAgainAfterForm' },
          {
            guard: { type: 'formSaved', params: ({ event }) => ({ saved: formOutput(event.output).saved }) },
            target: 'fetching',
            actions: ['unselect', 'askSame'],
          },
          { guard: 'hasRows', target: 'ready', actions: 'unselect' },
          { target: 'empty', actions: 'unselect' },
        ],
        onError: [
          { guard: 'asksAfterForm', target: 'fetching', actions: 'askAgainAfterForm' },
          { guard: 'hasRows', target: 'ready', actions: 'unselect' },
          { target: 'empty', actions: 'unselect' },
        ],
      },
    },
    confirmDelete: {
      on: {
        'delete.confirm': { target: 'deleting' },
        'delete.cancel': { target: 'ready', actions: 'unselect' },
      },
    },
    deleting: {
      invoke: {
        id: 'delete',
        src: 'deleteRow',
        input: ({ context }) => ({ row: context.selected! }),
        onDone: {
          target: 'deleted',
          actions: 'noticeDeleted',
        },
        onError: { target: 'deleteFailed', actions: 'showFailure' },
      },
    },
    deleted: {
      on: { 'dialog.close': { target: 'fetching', actions: ['unselect', 'closeNotice', 'askSame'] } },
    },
    deleteFailed: {
      on: { 'dialog.close': { target: 'ready', actions: ['unselect', 'clearError'] } },
    },
    error: {
      on: {
        'list.reload': { target: 'fetching', actions: 'askSame' },
        'search.submit': { target: 'fetching', actions: 'askSearch' },
        'filter.change': { target: 'fetching', actions: 'askFiltered' },
        'filters.set': { target: 'fetching', actions: 'askWithFilters' },
      },
    },
  },
});
