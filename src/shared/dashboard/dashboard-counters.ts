import type { Role } from '../platform/roles.js';
import type { VisitEvent } from '../platform/realtime.js';
import type { IntegratorDashboard } from '../integrators/integrator-types.js';
import type { DailyVisits, EntriesByMode, MonthlyVisits, ResidentSummary } from '../visits/visit-types.js';

/** Months of the dashboard charts (Ene to Dic). */
export const MONTH_LABELS = [
  'Ene',
  'Feb',
  'Mar',
  'Abr',
  'May',
  'Jun',
  'Jul',
  'Ago',
  'Sep',
  'Oct',
  'Nov',
  'Dic',
] as const;

/** Days and months are counted on the communities' clock, as the server counts them. */
export const DASHBOARD_TIME_ZONE = 'America/Mexico_City';

/** What the /home dashboard of non-integrators shows ('Dashboard statistics'). */
export interface VisitDashboard {
  year: number;
  entryCount: number;
  exitCount: number;
  activeCount: number;
  qrEntryCount: number;
  manualEntryCount: number;
  assignedLicenses: number;
  usedLicenses: number;
  recordedResidents: number;
  /** Entries of each month of the year (tab 'por mes'), 12 values. */
  monthly: number[];
  /** Entries and counted days of each month (tab 'por día' shows total / days), 12 items. */
  daily: { total: number; days: number }[];
}

/** The five calls that feed the dashboard, as they answer. */
export interface VisitStatsResponses {
  summary: ResidentSummary;
  daily: DailyVisits;
  monthly: MonthlyVisits[];
  qr: EntriesByMode;
  manual: EntriesByMode;
}

const twelve = <T>(make: (month: number) => T) => Array.from({ length: 12 }, (_, i) => make(i + 1));

export function dashboardOf(r: VisitStatsResponses): VisitDashboard {
  const monthTotal = (month: number) => r.monthly.find((m) => m.month === month)?.total ?? 0;
  return {
    year: r.daily.year,
    entryCount: r.summary.entryCount,
    exitCount: r.summary.exitCount,
    activeCount: r.summary.activeCount,
    qrEntryCount: r.qr.total,
    manualEntryCount: r.manual.total,
    assignedLicenses: r.summary.assignedLicenses,
    usedLicenses: r.summary.usedLicenses,
    recordedResidents: r.summary.recordedResidents,
    monthly: twelve(monthTotal),
    daily: twelve((month) => {
      const m = r.daily.months.find((d) => d.month === month);
      return { total: m?.total ?? 0, days: m?.days ?? 0 };
    }),
  };
}

/** Year and month (1-12) of an instant on the communities' clock. */
export function monthOf(iso: string, timeZone = DASHBOARD_TIME_ZONE): { year: number; month: number } | null {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric' }).formatToParts(date);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: part('year'), month: part('month') };
}

/**
 * V_IN: one more entry, one more for its access mode, one more visitor inside, and
 * one more in the month of the entry (when it falls in the year the charts show).
 */
export function applyVisitIn(d: VisitDashboard, event: VisitEvent): VisitDashboard {
  const when = monthOf(event.at);
  const i = when && when.year === d.year ? when.month - 1 : -1;
  return {
    ...d,
    entryCount: d.entryCount + 1,
    activeCount: d.activeCount + 1,
    qrEntryCount: d.qrEntryCount + (event.accessMode === 'QR' ? 1 : 0),
    manualEntryCount: d.manualEntryCount + (event.accessMode === 'MANUAL' ? 1 : 0),
    monthly: d.monthly.map((total, m) => (m === i ? total + 1 : total)),
    daily: d.daily.map((day, m) => (m === i ? { ...day, total: day.total + 1 } : day)),
  };
}

/** V_OUT: one more exit, one visitor fewer inside (never below zero). */
export function applyVisitOut(d: VisitDashboard): VisitDashboard {
  return { ...d, exitCount: d.exitCount + 1, activeCount: Math.max(0, d.activeCount - 1) };
}

/** 'Licencias restantes': total minus used. */
export const remainingLicenses = (d: Pick<VisitDashboard, 'assignedLicenses' | 'usedLicenses'>) =>
  d.assignedLicenses - d.usedLicenses;

/** Tab 'Entradas registradas por día': entries per day of each month, two decimals. */
export const dailyAverages = (d: VisitDashboard) =>
  d.daily.map(({ total, days }) => (days > 0 ? Math.round((total / days) * 100) / 100 : 0));

/** Numbers of the dashboard in en-US thousands format: 1,234. */
const thousands = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
export const formatCount = (n: number) => thousands.format(n);

/** The integrator's cards from `GET api/integrator/dashboard` [total, used, available]. */
export const licenceCardsOf = ([total, used, available]: IntegratorDashboard) => [
  { label: 'Total de licencias disponibles', value: total },
  { label: 'Licencias asignadas', value: used },
  { label: 'Licencias disponibles', value: available },
];

/** The seven cards of non-integrators, in the spec's order. */
export const visitCardsOf = (d: VisitDashboard) => [
  { label: 'Total de licencias', value: d.assignedLicenses },
  { label: 'Licencias usadas', value: d.usedLicenses },
  { label: 'Licencias restantes', value: remainingLicenses(d) },
  { label: 'Residentes registrados', value: d.recordedResidents },
  { label: 'Entradas registradas', value: d.entryCount },
  { label: 'Salidas registradas', value: d.exitCount },
  { label: 'Visitantes activos', value: d.activeCount },
];

/** Integrators get licence dashboards; all others get access statistics and live counters. */
export const dashboardViewFor = (role: Role): 'licences' | 'visits' => (role === 'integrator' ? 'licences' : 'visits');
