/**
 * Rules of the visit and common-area reports that the web and the
 * server both apply: calendar dates on the communities' clock, inclusive ranges that need both
 * ends, no future dates.
 */

/** Report dates are the community's local dates (Mexico has had no daylight saving since 2022). */
export const REPORT_TIME_ZONE = 'America/Mexico_City';

export const ReportMessages = {
  /** A range needs both ends. */
  missingDate: 'Falta una fecha',
  futureDate: 'No se permiten fechas futuras.',
  invertedRange: 'La fecha inicial no puede ser posterior a la fecha final.',
  badDate: 'La fecha no es válida; usa el formato aaaa-mm-dd.',
  filterTooLong: 'El filtro debe tener como máximo 64 caracteres.',
  badPage: 'Página no válida.',
  badLimit: 'El límite debe ser un número entre 1 y 1500.',
  badGate: 'La puerta de acceso no es válida.',
  gateNotFound: 'La puerta de acceso no existe.',
  badCommonArea: 'El área común no es válida.',
  commonAreaNotFound: 'El área común no existe.',
  badWithQr: 'El modo de entrada debe ser qr, manual o vacío.',
  badIsReport: 'isReport debe ser true o false.',
  invalid: 'Los filtros del reporte no son válidos.',
} as const;

/** Longest text a name, guest or vehicle filter takes. */
export const REPORT_FILTER_MAX = 64;
/** Rows per page of the reports. */
export const REPORT_PAGE_SIZE = 15;
/** The schedule call's page size (limit=1500) is also its ceiling. */
export const SCHEDULE_MAX_LIMIT = 1500;

export const VISIT_REPORT_FILE = 'reporte_visitas.xlsx';
export const COMMON_AREA_REPORT_FILE = 'reporte_areas_comunes.xlsx';
export const XLSX_MEDIA_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** What a report shows for a visit without an exit. */
export const NO_EXIT = 'SIN REGISTRO';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date written yyyy-mm-dd. */
export function isCalendarDate(text: string): boolean {
  const m = ISO_DATE.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return y >= 1900 && date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** `DD-MM-YYYY` (the common-area picker's format) or yyyy-mm-dd, as yyyy-mm-dd; null when neither. */
export function normalizeDate(text: string): string | null {
  const dmy = /^(\d{2})-(\d{2})-(\d{4})$/.exec(text);
  const iso = dmy ? `${dmy[3]}-${dmy[2]}-${dmy[1]}` : text;
  return isCalendarDate(iso) ? iso : null;
}

/** Today's date (yyyy-mm-dd) on the communities' clock. */
export function localToday(now: Date = new Date(), timeZone: string = REPORT_TIME_ZONE): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** The filters' date ranges: entry and exit (`from` key, `to` key). */
export const VISIT_REPORT_RANGES = [
  ['timeInFilter', 'timeInEndFilter'],
  ['timeOutFilter', 'timeOutEndFilter'],
] as const;

/** The common-area report's one entry date, checked as a range of itself. */
export const COMMON_AREA_RANGES = [['timein', 'timein']] as const;

/**
 * What is wrong with the date filters, by field: a malformed date, a half range ('Falta una
 * fecha', on the missing end), a future date, an inverted range. Empty when they are fine.
 */
export function reportDateProblems(
  filters: Readonly<Record<string, unknown>>,
  today: string,
  ranges: readonly (readonly [string, string])[] = VISIT_REPORT_RANGES,
): Record<string, string> {
  const problems: Record<string, string> = {};
  const text = (key: string) => (typeof filters[key] === 'string' ? (filters[key] as string).trim() : '');
  for (const [fromKey, toKey] of ranges) {
    const from = text(fromKey);
    const to = text(toKey);
    for (const [key, value] of [
      [fromKey, from],
      [toKey, to],
    ] as const) {
      if (value === '') continue;
      if (!isCalendarDate(value)) problems[key] = ReportMessages.badDate;
      else if (value > today) problems[key] = ReportMessages.futureDate;
    }
    // A half range is 'Falta una fecha' whatever the other end holds.
    if (from && !to) problems[toKey] = ReportMessages.missingDate;
    else if (!from && to) problems[fromKey] = ReportMessages.missingDate;
    else if (problems[fromKey] || problems[toKey]) continue;
    else if (from && to && from > to) problems[toKey] = ReportMessages.invertedRange;
  }
  return problems;
}

/** A timestamp as the reports show it: the community's local date and time (es-MX). */
export function formatReportDateTime(iso: string): string {
  return new Intl.DateTimeFormat('es-MX', {
    timeZone: REPORT_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));
}

/** How much of a download has arrived, for the progress text ('1.2 MB'). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Texts of the report screens given by the spec. */
export const ReportTexts = {
  visitsTitle: 'Reportes',
  commonAreasTitle: 'Reporte áreas comunes',
  export: 'Exportar a Excel',
  search: 'Buscar',
  clear: 'Limpiar',
  exporting: 'Preparando el reporte…',
  downloading: 'Descargando el reporte',
  saved: (fileName: string) => `Se descargó ${fileName}.`,
  errorTitle: 'Ha ocurrido un error',
  doneTitle: '¡Correcto!',
  viewPhoto: 'Ver foto',
  qr: 'QR',
  manual: 'Manual',
  all: 'Todos',
} as const;
