import type { ListMemory } from '../../../../machines/platform/list-screen.machine.js';
import { listMemoriesToClear, listMemoryKey, type ListMemoryName } from '../../../shared/platform/list-memory-rules.js';

/** What a stored memory must look like to be trusted (local storage is anyone's to edit). */
function parse(text: string | null): ListMemory | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<ListMemory>;
    if (typeof value.page !== 'number' || typeof value.search !== 'string') return null;
    const filters = Object.fromEntries(
      Object.entries(value.filters ?? {}).filter(([, v]) => typeof v === 'boolean' || typeof v === 'string'),
    ) as ListMemory['filters'];
    return { page: Math.max(0, Math.trunc(value.page)), search: value.search, filters };
  } catch {
    return null;
  }
}

/** A list's page, search and filters in local storage; the list machine reads and writes it. */
export const listMemory = (name: ListMemoryName) => ({
  read: () => parse(localStorage.getItem(listMemoryKey(name))),
  write: (memory: ListMemory) => localStorage.setItem(listMemoryKey(name), JSON.stringify(memory)),
});

/** Forgets the memories whose routes do not include `pathname` (called when the route changes). */
export function forgetListMemoriesOutside(pathname: string) {
  for (const name of listMemoriesToClear(pathname)) localStorage.removeItem(listMemoryKey(name));
}
