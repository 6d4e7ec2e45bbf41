import type { VisitStatsResponses } from '../../../shared/dashboard/dashboard-counters.js';
import type { DailyVisits, EntriesByMode, MonthlyVisits, ResidentSummary } from '../../../shared/visits/visit-types.js';
import { api } from '../../platform/api/client.js';
import { integratorsApi } from '../integrators/integrators.api.js';

/** The dashboard's calls: five for the access statistics, one for the integrator's licences. */
export const dashboardApi = {
  async visitStats(): Promise<VisitStatsResponses> {
    const [summary, daily, monthly, qr, manual] = await Promise.all([
      api.get<ResidentSummary>('/api/visitantDashBoard/residentSummary'),
      api.get<DailyVisits>('/api/visitantDashBoard/dailyVisits/'),
      api.get<MonthlyVisits[]>('/api/visitantDashBoard/monthlyVisits/'),
      api.get<EntriesByMode>('/api/visitants/entriesQR/'),
      api.get<EntriesByMode>('/api/visitants/entriesManual/'),
    ]);
    return { summary, daily, monthly, qr, manual };
  },
  licences: () => integratorsApi.dashboard(),
};
export type DashboardApi = typeof dashboardApi;
