/** The residents' Excel import: shared by the server, the machine and the modal. */
import * as v from 'valibot';

/** The template offered for download (served from `public/`). */
export const RESIDENT_TEMPLATE_PATH = '/plantilla_residentes.xlsx';
export const RESIDENT_TEMPLATE_NAME = 'plantilla_residentes.xlsx';
/** The error workbook the browser saves on a partial failure. */
export const ERROR_WORKBOOK_NAME = 'Errores.xlsx';

/** The columns of the template, in order: the form's fields, phones included. */
export const RESIDENT_IMPORT_HEADERS = [
  'Nombre',
  'Apellidos',
  'Correo',
  'Zona',
  'Calle',
  'Número exterior',
  'Número interior',
  'Acción',
  'Usa app (SI/NO)',
  'No residente (SI/NO)',
  'Teléfono 1',
  'Teléfono 2',
  'Teléfono 3',
  'Teléfono 4',
] as const;
/** The extra column of the error workbook. */
export const ERROR_REASON_HEADER = 'Motivo del error';

/** Limits: the file as sent, its uncompressed content (a zip bomb is refused), and its rows. */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const IMPORT_MAX_UNCOMPRESSED_BYTES = 100 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 50_000;

/** Only .xlsx. */
export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const XLSX_ACCEPT = { [XLSX_MIME]: ['.xlsx'] } as const;

export const ImportTexts = {
  title: 'Importar residentes',
  template: 'Descargar plantilla',
  drop: 'Arrastra aquí tu archivo .xlsx o haz clic para elegirlo',
  wrongType: 'Solo se aceptan archivos de Excel (.xlsx).',
  tooLarge: `El archivo no debe pesar más de ${IMPORT_MAX_BYTES / 1024 / 1024} MB.`,
  send: 'Importar',
  uploading: 'Subiendo archivo…',
  processing: 'Procesando residentes…',
  doneTitle: 'Éxito',
  errorTitle: 'Error',
  unexpected: 'Ocurrió un error inesperado.',
  partialTitle: 'Error Parcial',
  partial: 'Algunos registros fallaron. Descarga el archivo para más detalles.',
  noErrorFile: 'No se pudo generar el archivo de errores.',
  download: 'Descargar Errores.xlsx',
} as const;

/** 200: every row was created. */
export const ImportDoneSchema = v.object({ description: v.string(), created: v.number() });
/** 206: some rows failed; `file` is the base64 of Errores.xlsx (the failed rows as sent, plus the reason). */
export const ImportPartialSchema = v.object({
  description: v.string(),
  created: v.number(),
  failed: v.number(),
  file: v.string(),
});
export type ImportDone = v.InferOutput<typeof ImportDoneSchema>;
export type ImportPartial = v.InferOutput<typeof ImportPartialSchema>;
