import { listScreenMachine } from '../../../machines/list-screen.machine.js';
import type { ModelSpec } from '../../support/model-paths.js';

const rowA = { uuid: 'a', name: 'Puerta Norte' };
export const pageOf = (page: number, rows: { uuid: string; name: string }[], total = 16) => ({
  content: rows, totalElements: rows.length ? total : 0, totalPages: rows.length ? Math.ceil(total / 15) : 0, page, size: 15,
});
const loadCases = (id: string, page: number) => [
  { type: `xstate.done.actor.${id}`, output: pageOf(page, [rowA, { uuid: 'b', name: 'Puerta Sur' }]) },
  { type: `xstate.done.actor.${id}`, output: pageOf(page, []) },
  { type: `xstate.error.actor.${id}`, error: { kind: 'http', status: 500, body: { error: 'server_error', error_description: 'Error interno del servidor' } } },
];

export const listScreenModel: ModelSpec = {
  name: 'listScreen',
  machine: listScreenMachine,
  inputs: [{ name: 'catalogue list', input: undefined }],
  events: (s) => {
    const v = s.value as string;
    const draft = s.context.searchDraft === '' ? [{ type: 'search.change', value: 'nor' }] : [];
    switch (v) {
      case 'loading': return loadCases('load', s.context.page);
      case 'searching': return loadCases('search', 0);
      case 'paging': return loadCases('page', 1);
      case 'ready': return [...draft, { type: 'search.submit' }, ...(s.context.page === 0 ? [{ type: 'page.go', page: 1 }] : []),
        { type: 'row.add' }, { type: 'row.edit', row: rowA }, { type: 'row.delete', row: rowA }, { type: 'list.reload' }];
      case 'empty': return [...draft, { type: 'search.submit' }, { type: 'row.add' }, { type: 'list.reload' }];
      case 'selection': return [{ type: 'form.closed', saved: true }, { type: 'form.closed', saved: false }];
      case 'confirmDelete': return [{ type: 'delete.confirm' }, { type: 'delete.cancel' }];
      case 'deleting': return [{ type: 'xstate.done.actor.delete' }, { type: 'xstate.error.actor.delete', error: { kind: 'http', status: 409, body: { error: 'conflict', error_description: 'La zona tiene calles.' } } }];
      case 'deleted': case 'deleteFailed': return [{ type: 'dialog.close' }];
      case 'error': return [{ type: 'list.reload' }, { type: 'search.submit' }];
      default: return [];
    }
  },
};
