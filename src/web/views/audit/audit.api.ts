import type { Page } from '../../../shared/platform/api-types.js';
import type { AuditCommunity, AuditEventAnswer } from '../../../shared/audit/audit.schema.js';
import { api } from '../../platform/api/client.js';
import { reportQuery } from '../reports/reports.api.js';

/** An event as the shared list shows it. */
export type AuditRow = AuditEventAnswer & { [key: string]: unknown };

export const AUDIT_URL = '/api/audit';

/** The audit trail: a page for the filters (actor, action, from, to). */
export const auditApi = {
  async events(filters: Record<string, unknown>, page: number): Promise<Page<AuditRow>> {
    const query = reportQuery(filters);
    query.set('page', String(page));
    return api.get<Page<AuditRow>>(`${AUDIT_URL}?${query.toString()}`);
  },
  /** The communities the general administrator may narrow the trail to. */
  communities: () => api.get<AuditCommunity[]>(`${AUDIT_URL}/communities`),
};
export type AuditApi = typeof auditApi;
