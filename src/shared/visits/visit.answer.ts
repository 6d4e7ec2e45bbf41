/** Answers of the visit and dashboard calls (Visit names). */
import * as v from 'valibot';
import { ACCESS_MODES, VISITANT_TYPES, type VisitantType } from './visit.schema.js';

const Ref = v.object({ uuid: v.string(), name: v.string() });

/** What `POST /api/visitants` and `PUT /api/visitants/{uuid}/exit` answer. */
export const VisitAnswerSchema = v.object({
  uuid: v.string(),
  fracUuid: v.string(),
  firstName: v.string(),
  lastName: v.string(),
  accredited: v.nullable(v.string()),
  visitantType: v.picklist(VISITANT_TYPES as [VisitantType, ...VisitantType[]]),
  accessMode: v.picklist(ACCESS_MODES),
  /** ISO timestamps; timeout null while the visitor is inside. */
  timein: v.string(),
  timeout: v.nullable(v.string()),
  testResident: v.nullable(
    v.object({ uuid: v.string(), firstName: v.string(), lastName: v.string(), number: v.string() }),
  ),
  testGateArrival: v.nullable(Ref),
  testGateDeparture: v.nullable(Ref),
  userArrival: v.nullable(Ref),
  userDeparture: v.nullable(Ref),
  carbrand: v.nullable(v.string()),
  color: v.nullable(v.string()),
  plate: v.nullable(v.string()),
  comments: v.nullable(v.string()),
});

/** `GET api/visitants/entriesQR/` and `entriesManual/`: entries of the current year by mode. */
export const EntriesByModeSchema = v.object({
  accessMode: v.picklist(ACCESS_MODES),
  total: v.number(),
  year: v.number(),
});

/** Item of `GET api/visitantDashBoard/monthlyVisits/`: entries per month of the current year (12 items). */
export const MonthlyVisitsSchema = v.object({ month: v.number(), total: v.number() });

/**
 * `GET api/visitantDashBoard/dailyVisits/`: the tab 'Entradas registradas por día'. `months` has
 * 12 items (Ene..Dic): entries per day of each month (`average` = total / days counted, where
 * days is the month's length, today's day for the current month and 0 for later months).
 * `currentMonthDays` has one item per day of the current month.
 */
export const DailyVisitsSchema = v.object({
  year: v.number(),
  month: v.number(),
  today: v.number(),
  months: v.array(v.object({ month: v.number(), total: v.number(), days: v.number(), average: v.number() })),
  currentMonthDays: v.array(v.object({ day: v.number(), total: v.number() })),
});

/**
 * `GET api/visitantDashBoard/residentSummary` (dashboard statistics). Counts of
 * entries and exits cover the current year (the charts' window); activeCount is every visitor
 * inside now. usedLicenses and remainingLicenses are additions: residents count against the
 * community's licences.
 */
export const ResidentSummarySchema = v.object({
  entryCount: v.number(),
  exitCount: v.number(),
  activeCount: v.number(),
  qrEntryCount: v.number(),
  manualEntryCount: v.number(),
  assignedLicenses: v.number(),
  usedLicenses: v.number(),
  remainingLicenses: v.number(),
  recordedResidents: v.number(),
  recordedUsers: v.number(),
  numberOfHouses: v.number(),
  numberOfHousesWithApplication: v.number(),
});
