/** The workers screen's search and pages: client-side, 10 cards per page. */
import { WorkerStatus, WORKERS_PAGE_SIZE } from './worker-rules.js';

export interface ListedWorker {
  firstName: string;
  lastName: string;
  construction: { uuid: string; name: string };
}

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** 'Buscar por trabajador u obra': first name, last name, full name or the site's name; `construction` filters by site. */
export function filterWorkers<T extends ListedWorker>(
  workers: readonly T[],
  search: string,
  construction: string | null,
): T[] {
  const term = fold(search.trim());
  return workers.filter(
    (w) =>
      (!construction || w.construction.uuid === construction) &&
      (!term ||
        [w.firstName, w.lastName, `${w.firstName} ${w.lastName}`, w.construction.name].some((s) =>
          fold(s).includes(term),
        )),
  );
}

export function pageOfWorkers<T>(
  workers: readonly T[],
  page: number,
  size = WORKERS_PAGE_SIZE,
): { rows: T[]; pages: number; page: number } {
  const pages = Math.max(1, Math.ceil(workers.length / size));
  const current = Math.min(Math.max(0, page), pages - 1);
  return { rows: workers.slice(current * size, current * size + size), pages, page: current };
}

/** The approved workers among those shown: whose credentials 'Descargar credenciales' downloads. */
export function approvedUuids(workers: readonly { uuid: string; status: string }[]): string[] {
  return workers.filter((w) => w.status === WorkerStatus.approved).map((w) => w.uuid);
}
