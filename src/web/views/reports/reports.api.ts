import type { Page } from '../../../shared/platform/api-types.js';
import type { CommonArea, Gate } from '../../../shared/catalogues/catalogue-types.js';
import type {
  CommonAreaReportPage,
  CommonAreaVisitRow,
  VisitReportPage,
  VisitReportRow,
} from '../../../shared/reports/report-types.js';
import { api } from '../../platform/api/client.js';

/** A report row as the shared list shows it (`uuid` and any field). */
export type VisitRow = VisitReportRow & { [key: string]: unknown };
export type CommonAreaRow = CommonAreaVisitRow & { [key: string]: unknown };

/** The filters as query parameters: empty ones are not sent. */
export function reportQuery(filters: Record<string, unknown>): URLSearchParams {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) {
    if (typeof value === 'string' && value.trim() !== '') query.set(name, value.trim());
  }
  return query;
}

const asPage = <T>(answer: {
  data: T[];
  totalElements: number;
  totalPages: number;
  pageNumber: number;
  size: number;
}): Page<T> => ({
  content: answer.data,
  totalElements: answer.totalElements,
  totalPages: answer.totalPages,
  page: answer.pageNumber,
  size: answer.size,
});

export const VISIT_REPORT_URL = '/api/visitants/visitantReport';
export const VISIT_EXPORT_URL = '/api/visitants/visitantReportCsv';
export const COMMON_AREA_REPORT_URL = '/api/commonAreaVisitants';

/** Calls of the report screens . */
export const reportsApi = {
  /** A page of the visit report (`page` is 0-based; the filters of the table). */
  async visits(filters: Record<string, unknown>, page: number): Promise<Page<VisitRow>> {
    const query = reportQuery(filters);
    query.set('page', String(page));
    return asPage(await api.get<VisitReportPage>(`${VISIT_REPORT_URL}?${query.toString()}`)) as Page<VisitRow>;
  },
  async commonAreaVisits(filters: Record<string, unknown>, page: number): Promise<Page<CommonAreaRow>> {
    const query = reportQuery(filters);
    query.set('page', String(page));
    return asPage(
      await api.get<CommonAreaReportPage>(`${COMMON_AREA_REPORT_URL}?${query.toString()}`),
    ) as Page<CommonAreaRow>;
  },
  /** The entry gate's choices: the gates catalogue. */
  gates: () => api.get<Gate[]>('/api/gates/complete'),
  /** The common area's choices. */
  commonAreas: () => api.get<CommonArea[]>('/api/commonareas/byfrac'),
};
export type ReportsApi = typeof reportsApi;
