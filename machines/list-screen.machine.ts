import { assign, fromPromise, setup } from 'xstate';
import type { Page } from '../src/shared/api-types.js';
import { failureDescription } from '../src/shared/api-failure.js';
import { PAGE_SIZE } from '../src/shared/constants.js';

/** A row only needs a uuid and a name to be shown, selected and confirmed for deletion. */
export interface ListRow { uuid: string; name?: string; [key: string]: unknown }

export interface ListScreenContext {
  rows: ListRow[];
  total: number;
  totalPages: number;
  page: number;
  size: number;
  /** The search that produced the rows; `searchDraft` is what the box holds. */
  search: string;
  searchDraft: string;
  /** The row being edited (null with `editing` = adding) or confirmed for deletion. */
  selected: ListRow | null;
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
  | { type: 'list.reload' };

export interface LoadInput { page: number; size: number; search: string }

/** What the list gives the add/edit form it opens (formScreen's input): the row, or none to add. */
export interface FormLaunch { id: string | null; row: ListRow | null }

const fromPage = (output: Page<ListRow>) => ({
  rows: output.content, total: output.totalElements, totalPages: output.totalPages, page: output.page, error: null,
});
const pageHasRows = (output: Page<ListRow>) => output.content.length > 0;

/**
 * The list pattern every catalogue and CRUD screen reuses: load, search, page, open the
 * add/edit form as a child machine (the `form` actor, a formScreen the screen configures) and
 * reload when it reports it saved, confirm and delete, reload after success.
 */
export const listScreenMachine = setup({
  types: {
    context: {} as ListScreenContext,
    events: {} as ListScreenEvent,
    input: {} as { size?: number } | undefined,
  },
  actors: {
    loadPage: fromPromise<Page<ListRow>, LoadInput>(async () => { throw new Error('not provided'); }),
    deleteRow: fromPromise<void, { row: ListRow }>(async () => { throw new Error('not provided'); }),
    /** A row's own action (enable/disable an integrator): a machine that takes `{ row }` and ends with `{ changed }`. */
    rowAction: fromPromise<{ changed: boolean }, { row: ListRow }>(async () => { throw new Error('not provided'); }),
    /** The add/edit form: any machine that takes a FormLaunch and ends with `{ saved }` (formScreen, userModal). */
    form: fromPromise<{ saved: boolean }, FormLaunch>(async () => { throw new Error('not provided'); }),
  },
}).createMachine({
  id: 'listScreen',
  context: ({ input }) => ({
    rows: [], total: 0, totalPages: 0, page: 0, size: input?.size ?? PAGE_SIZE,
    search: '', searchDraft: '', selected: null, error: null, notice: null,
  }),
  initial: 'loading',
  on: { 'search.change': { actions: assign({ searchDraft: ({ event }) => event.value }) } },
  states: {
    loading: {
      invoke: {
        id: 'load', src: 'loadPage',
        input: ({ context }) => ({ page: context.page, size: context.size, search: context.search }),
        onDone: [
          { guard: ({ event }) => pageHasRows(event.output), target: 'ready', actions: assign(({ event }) => fromPage(event.output)) },
          { target: 'empty', actions: assign(({ event }) => fromPage(event.output)) },
        ],
        onError: { target: 'error', actions: assign({ error: ({ event }) => failureDescription(event.error) }) },
      },
    },
    ready: {
      on: {
        'search.submit': { target: 'searching' },
        'page.go': { guard: ({ context, event }) => event.page >= 0 && event.page < context.totalPages && event.page !== context.page, target: 'paging' },
        'row.add': { target: 'selection', actions: assign({ selected: null }) },
        'row.edit': { target: 'selection', actions: assign({ selected: ({ event }) => event.row }) },
        'row.delete': { target: 'confirmDelete', actions: assign({ selected: ({ event }) => event.row }) },
        'row.act': { target: 'acting', actions: assign({ selected: ({ event }) => event.row }) },
        'list.reload': { target: 'loading' },
      },
    },
    /** A row's own action runs as a child over the list; the list reloads when it changed the row. */
    acting: {
      invoke: {
        id: 'rowAction', src: 'rowAction',
        input: ({ context }) => ({ row: context.selected! }),
        onDone: [
          { guard: ({ event }) => event.output.changed, target: 'loading', actions: assign({ selected: null }) },
          { target: 'ready', actions: assign({ selected: null }) },
        ],
        onError: { target: 'ready', actions: assign({ selected: null }) },
      },
    },
    empty: {
      on: {
        'search.submit': { target: 'searching' },
        'row.add': { target: 'selection', actions: assign({ selected: null }) },
        'list.reload': { target: 'loading' },
      },
    },
    searching: {
      invoke: {
        id: 'search', src: 'loadPage',
        input: ({ context }) => ({ page: 0, size: context.size, search: context.searchDraft.trim() }),
        onDone: [
          { guard: ({ event }) => pageHasRows(event.output), target: 'ready', actions: assign(({ context, event }) => ({ ...fromPage(event.output), search: context.searchDraft.trim() })) },
          { target: 'empty', actions: assign(({ context, event }) => ({ ...fromPage(event.output), search: context.searchDraft.trim() })) },
        ],
        onError: { target: 'error', actions: assign({ error: ({ event }) => failureDescription(event.error) }) },
      },
    },
    paging: {
      invoke: {
        id: 'page', src: 'loadPage',
        input: ({ context, event }) => ({ page: (event as { page: number }).page, size: context.size, search: context.search }),
        onDone: [
          { guard: ({ event }) => pageHasRows(event.output), target: 'ready', actions: assign(({ event }) => fromPage(event.output)) },
          { target: 'empty', actions: assign(({ event }) => fromPage(event.output)) },
        ],
        onError: { target: 'error', actions: assign({ error: ({ event }) => failureDescription(event.error) }) },
      },
    },
    /** The add/edit form runs as a child over the list; when it ends, the list reloads if it saved. */
    selection: {
      invoke: {
        id: 'form', src: 'form',
        input: ({ context }) => ({ id: context.selected?.uuid ?? null, row: context.selected }),
        onDone: [
          { guard: ({ event }) => event.output.saved, target: 'loading', actions: assign({ selected: null }) },
          { guard: ({ context }) => context.rows.length > 0, target: 'ready', actions: assign({ selected: null }) },
          { target: 'empty', actions: assign({ selected: null }) },
        ],
        onError: [
          { guard: ({ context }) => context.rows.length > 0, target: 'ready', actions: assign({ selected: null }) },
          { target: 'empty', actions: assign({ selected: null }) },
        ],
      },
    },
    confirmDelete: {
      on: {
        'delete.confirm': { target: 'deleting' },
        'delete.cancel': { target: 'ready', actions: assign({ selected: null }) },
      },
    },
    deleting: {
      invoke: {
        id: 'delete', src: 'deleteRow',
        input: ({ context }) => ({ row: context.selected! }),
        onDone: { target: 'deleted', actions: assign({ notice: ({ context }) => `${context.selected?.name ?? 'El registro'} se eliminó correctamente.` }) },
        onError: { target: 'deleteFailed', actions: assign({ error: ({ event }) => failureDescription(event.error) }) },
      },
    },
    deleted: {
      on: { 'dialog.close': { target: 'loading', actions: assign({ selected: null, notice: null }) } },
    },
    deleteFailed: {
      on: { 'dialog.close': { target: 'ready', actions: assign({ selected: null, error: null }) } },
    },
    error: {
      on: { 'list.reload': { target: 'loading' }, 'search.submit': { target: 'searching' } },
    },
  },
});
