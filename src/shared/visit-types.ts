import type { AccessMode, VisitantType } from './schemas/visit.schema.js';

/** What `POST /api/visitants` and `PUT /api/visitants/{uuid}/exit` answer (spec 3 §3 Visit names). */
export interface Visit {
  uuid: string;
  fracUuid: string;
  firstName: string;
  lastName: string;
  accredited: string | null;
  visitantType: VisitantType;
  accessMode: AccessMode;
  /** ISO timestamps; timeout null while the visitor is inside. */
  timein: string;
  timeout: string | null;
  testResident: { uuid: string; firstName: string; lastName: string; number: string } | null;
  testGateArrival: { uuid: string; name: string } | null;
  testGateDeparture: { uuid: string; name: string } | null;
  userArrival: { uuid: string; name: string } | null;
  userDeparture: { uuid: string; name: string } | null;
  carbrand: string | null;
  color: string | null;
  plate: string | null;
  comments: string | null;
}

/** `GET api/visitants/entriesQR/` and `entriesManual/`: entries of the current year by mode. */
export interface EntriesByMode { accessMode: AccessMode; total: number; year: number }

/** Item of `GET api/visitantDashBoard/monthlyVisits/`: entries per month of the current year (12 items). */
export interface MonthlyVisits { month: number; total: number }

/**
 * `GET api/visitantDashBoard/dailyVisits/`: the tab 'Entradas registradas por día'. `months` has
 * 12 items (Ene..Dic): entries per day of each month (`average` = total / days counted, where
 * days is the month's length, today's day for the current month and 0 for later months).
 * `currentMonthDays` has one item per day of the current month.
 */
export interface DailyVisits {
  year: number;
  month: number;
  today: number;
  months: { month: number; total: number; days: number; average: number }[];
  currentMonthDays: { day: number; total: number }[];
}

/**
 * `GET api/visitantDashBoard/residentSummary` (spec 1 §3 dashboard statistics). Counts of
 * entries and exits cover the current year (the charts' window); activeCount is every visitor
 * inside now. usedLicenses and remainingLicenses are additions: residents count against the
 * community's licences.
 */
export interface ResidentSummary {
  entryCount: number;
  exitCount: number;
  activeCount: number;
  qrEntryCount: number;
  manualEntryCount: number;
  assignedLicenses: number;
  usedLicenses: number;
  remainingLicenses: number;
  recordedResidents: number;
  recordedUsers: number;
  numberOfHouses: number;
  numberOfHousesWithApplication: number;
}
