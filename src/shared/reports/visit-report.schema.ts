/** Queries of the reports (Reports) and the common-area visit registration. */
import * as v from 'valibot';
import {
  COMMON_AREA_RANGES,
  localToday,
  REPORT_FILTER_MAX,
  reportDateProblems,
  ReportMessages as M,
  SCHEDULE_MAX_LIMIT,
  VISIT_REPORT_RANGES,
} from './report-rules.js';
import { missingKeyMessage } from '../users/user.schema.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A text filter: trimmed, at most 64 characters; empty means no filter. */
const textFilter = v.optional(
  v.pipe(v.string(M.invalid), v.trim(), v.maxLength(REPORT_FILTER_MAX, M.filterTooLong)),
  '',
);
const dateFilter = v.optional(v.pipe(v.string(M.badDate), v.trim()), '');
const page = v.optional(v.pipe(v.string(M.badPage), v.regex(/^\d{1,6}$/, M.badPage), v.transform(Number)), '0');

/** Adds the date problems of `ranges` (shared with the web's filter machine) as field issues. */
const datesChecked = <T extends object>(ranges: readonly (readonly [string, string])[]) =>
  v.rawCheck<T>(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const input = dataset.value as Record<string, unknown>;
    for (const [key, message] of Object.entries(reportDateProblems(input, localToday(), ranges))) {
      addIssue({ message, path: [{ type: 'object', origin: 'value', input, key, value: input[key] }] });
    }
  });

const visitFilterEntries = {
  timeInFilter: dateFilter,
  timeInEndFilter: dateFilter,
  timeOutFilter: dateFilter,
  timeOutEndFilter: dateFilter,
  /** The guest's name (case- and accent-insensitive contains). */
  nameFilter: textFilter,
  /** The resident's name. */
  residentFilter: textFilter,
  /** Brand, colour or plate. */
  vehicleFilter: textFilter,
  /** The entry gate: its uuid or its idGate. */
  idGateArrival: v.optional(
    v.pipe(
      v.string(M.badGate),
      v.trim(),
      v.check((s) => s === '' || UUID.test(s) || /^\d{1,9}$/.test(s), M.badGate),
    ),
    '',
  ),
};

/** `GET api/visitants/visitantReportCsv`: the report's filters (dates yyyy-mm-dd, local, inclusive). */
export const VisitReportFiltersSchema = v.pipe(
  v.object(visitFilterEntries, M.invalid),
  datesChecked(VISIT_REPORT_RANGES),
);
export type VisitReportFilters = v.InferOutput<typeof VisitReportFiltersSchema>;

/** `GET api/visitants/visitantReport`: the filters and the 0-based page. */
export const VisitReportQuerySchema = v.pipe(
  v.object({ ...visitFilterEntries, page }, M.invalid),
  datesChecked(VISIT_REPORT_RANGES),
);
export type VisitReportQuery = v.InferOutput<typeof VisitReportQuerySchema>;

/** `GET api/visitants/schedule/{date1}/{date2}/`: an inclusive range of entry dates. */
export const ScheduleParamsSchema = v.pipe(
  v.object({ date1: v.string(M.badDate), date2: v.string(M.badDate) }, M.invalid),
  datesChecked([['date1', 'date2']]),
);
export const ScheduleQuerySchema = v.object(
  {
    limit: v.optional(
      v.pipe(
        v.string(M.badLimit),
        v.regex(/^\d{1,4}$/, M.badLimit),
        v.transform(Number),
        v.minValue(1, M.badLimit),
        v.maxValue(SCHEDULE_MAX_LIMIT, M.badLimit),
      ),
      String(SCHEDULE_MAX_LIMIT),
    ),
    page,
  },
  M.invalid,
);

/** `withQr`: the entry mode of a common-area visit, or all. */
export const WITH_QR_OPTIONS = ['qr', 'manual', ''] as const;
export type WithQr = (typeof WITH_QR_OPTIONS)[number];

const commonAreaFilterEntries = {
  /** The resident's name. */
  resident: textFilter,
  /** The guest's name. */
  invited: textFilter,
  /** The entry date: yyyy-mm-dd or DD-MM-YYYY (the picker's format). */
  timein: dateFilter,
  /** The common area's uuid. */
  commonArea: v.optional(
    v.pipe(
      v.string(M.badCommonArea),
      v.trim(),
      v.check((s) => s === '' || UUID.test(s), M.badCommonArea),
    ),
    '',
  ),
  withQr: v.optional(v.picklist(WITH_QR_OPTIONS, M.badWithQr), ''),
  /** true asks the report (with the spreadsheet media type in Accept, the workbook). */
  isReport: v.optional(
    v.pipe(
      v.picklist(['true', 'false'], M.badIsReport),
      v.transform((s) => s === 'true'),
    ),
    'false',
  ),
  /** Absent: the whole report as a list (as its clients read it); given: that 0-based page. */
  page: v.optional(v.pipe(v.string(M.badPage), v.regex(/^\d{1,6}$/, M.badPage), v.transform(Number))),
};

/** `GET api/commonAreaVisitants`. */
export const CommonAreaReportQuerySchema = v.pipe(
  v.object(commonAreaFilterEntries, M.invalid),
  v.transform((q) => ({ ...q, timein: q.timein === '' ? '' : normalizeDateOrKeep(q.timein) })),
  datesChecked(COMMON_AREA_RANGES),
);
export type CommonAreaReportQuery = v.InferOutput<typeof CommonAreaReportQuerySchema>;

function normalizeDateOrKeep(text: string): string {
  const dmy = /^(\d{2})-(\d{2})-(\d{4})$/.exec(text);
  return dmy ? `${dmy[3]}-${dmy[2]}-${dmy[1]}` : text;
}

export const CommonAreaVisitMessages = {
  firstName: 'El nombre del invitado es obligatorio.',
  text: 'El texto es demasiado largo.',
  commonArea: 'El área común es obligatoria.',
  resident: 'El residente no es válido.',
  residentNotFound: 'El residente no existe.',
  estimatedTimeIn: 'La hora estimada de entrada no es válida.',
  createdWithQR: 'createdWithQR debe ser verdadero o falso.',
  invalid: 'Los datos de la visita no son válidos.',
} as const;
const C = CommonAreaVisitMessages;

/** Body of `POST api/commonAreaVisitants`: a guest at a common area, registered by a guard. */
export const RegisterCommonAreaVisitSchema = v.object(
  {
    firstName: v.pipe(v.string(C.firstName), v.trim(), v.nonEmpty(C.firstName), v.maxLength(64, C.text)),
    lastName: v.optional(v.pipe(v.string(C.text), v.trim(), v.maxLength(64, C.text)), ''),
    commonAreaUuid: v.pipe(v.string(C.commonArea), v.regex(UUID, C.commonArea)),
    residentUuid: v.optional(v.nullable(v.pipe(v.string(C.resident), v.regex(UUID, C.resident))), null),
    /** When the guest was expected (ISO timestamp with offset). */
    estimatedTimeIn: v.optional(
      v.nullable(v.pipe(v.string(C.estimatedTimeIn), v.isoTimestamp(C.estimatedTimeIn))),
      null,
    ),
    createdWithQR: v.optional(v.boolean(C.createdWithQR), false),
  },
  missingKeyMessage({ firstName: C.firstName, commonAreaUuid: C.commonArea }, C.invalid),
);
export type RegisterCommonAreaVisit = v.InferOutput<typeof RegisterCommonAreaVisitSchema>;
