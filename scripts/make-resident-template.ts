/**
 * Writes public/plantilla_residentes.xlsx, the template of the residents' import:
 * sheet 'Residentes' with the header row only (bold, widths, frozen; text cells for numbers and
 * phones so Excel keeps leading zeros; SI/NO lists), and sheet 'Instrucciones' with the rules in
 * Spanish. Run `npx tsx scripts/make-resident-template.ts` after changing the headers or limits.
 */
import ExcelJS from 'exceljs';
import { fileURLToPath } from 'node:url';
import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  RESIDENT_IMPORT_HEADERS,
  RESIDENT_TEMPLATE_PATH,
} from '../src/shared/residents/resident-import.js';
import {
  RESIDENT_EMAIL_MAX,
  RESIDENT_MAX_PHONES,
  RESIDENT_NAME_MAX,
  RESIDENT_NAME_MIN,
  RESIDENT_NUMBER_MAX,
  RESIDENT_PHONE_DIGITS,
} from '../src/shared/residents/resident.schema.js';

const TEXT_COLUMNS = new Set([
  'Número exterior',
  'Número interior',
  'Acción',
  'Teléfono 1',
  'Teléfono 2',
  'Teléfono 3',
  'Teléfono 4',
]);
const FLAG_COLUMNS = new Set(['Usa app (SI/NO)', 'No residente (SI/NO)']);
const ROWS_WITH_LISTS = 1000;

const rules: [string, string][] = [
  [
    'Cómo usarla',
    'Escribe un residente por renglón en la hoja "Residentes", debajo de los encabezados. No cambies, quites ni reordenes los encabezados.',
  ],
  [
    'Archivo',
    `Solo .xlsx, de hasta ${IMPORT_MAX_BYTES / 1024 / 1024} MB y ${IMPORT_MAX_ROWS.toLocaleString('es-MX')} residentes. Sin fórmulas: pega solo valores.`,
  ],
  ['Nombre', `Obligatorio, de ${RESIDENT_NAME_MIN} a ${RESIDENT_NAME_MAX} caracteres.`],
  ['Apellidos', `Obligatorios, de ${RESIDENT_NAME_MIN} a ${RESIDENT_NAME_MAX} caracteres.`],
  [
    'Correo',
    `Obligatorio, como máximo ${RESIDENT_EMAIL_MAX} caracteres. No puede repetirse en el archivo ni pertenecer a otro residente activo o a un usuario del portal.`,
  ],
  [
    'Zona',
    'Obligatoria. El nombre de una zona que ya exista en el fraccionamiento (mayúsculas y minúsculas dan igual).',
  ],
  ['Calle', 'Obligatoria. El nombre de una calle que ya exista en esa zona.'],
  ['Número exterior', `Obligatorio, como máximo ${RESIDENT_NUMBER_MAX} caracteres.`],
  ['Número interior', `Opcional, como máximo ${RESIDENT_NUMBER_MAX} caracteres.`],
  ['Acción', `Opcional, como máximo ${RESIDENT_NAME_MAX} caracteres. Solo se guarda en fraccionamientos tipo club.`],
  ['Usa app (SI/NO)', 'SI o NO (vacío cuenta como NO). Con SI se envía al correo un código de registro para la app.'],
  ['No residente (SI/NO)', 'SI o NO (vacío cuenta como NO).'],
  [
    'Teléfonos',
    `Teléfono 1 es obligatorio; hasta ${RESIDENT_MAX_PHONES} en total. Solo dígitos, como máximo ${RESIDENT_PHONE_DIGITS}.`,
  ],
  [
    'Licencias',
    'Cada residente usa una licencia del fraccionamiento; los renglones que pasen del límite no se registran.',
  ],
  [
    'Errores',
    'Si algún renglón no se puede registrar, se descarga Errores.xlsx con esos renglones tal como los enviaste y el motivo en la última columna: corrígelos ahí y vuelve a importar ese archivo sin la columna del motivo.',
  ],
];

export async function residentTemplate(): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Portón';
  wb.created = wb.modified = new Date('2026-01-01T00:00:00Z');
  const sheet = wb.addWorksheet('Residentes', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = RESIDENT_IMPORT_HEADERS.map((header) => ({
    header,
    width: Math.max(14, header.length + 4),
    style: TEXT_COLUMNS.has(header) ? { numFmt: '@' } : {},
  }));
  sheet.getColumn(3).width = 32;
  sheet.getRow(1).font = { bold: true };
  RESIDENT_IMPORT_HEADERS.forEach((header, i) => {
    if (!FLAG_COLUMNS.has(header)) return;
    for (let row = 2; row <= ROWS_WITH_LISTS; row++) {
      sheet.getCell(row, i + 1).dataValidation = {
        type: 'list',
        allowBlank: true,
        formulae: ['"SI,NO"'],
        showErrorMessage: true,
        errorTitle: 'Valor no válido',
        error: 'Escribe SI o NO.',
      };
    }
  });
  const help = wb.addWorksheet('Instrucciones');
  help.columns = [
    { header: 'Campo', width: 22 },
    { header: 'Regla', width: 110 },
  ];
  help.getRow(1).font = { bold: true };
  for (const [field, rule] of rules) help.addRow([field, rule]).alignment = { wrapText: true, vertical: 'top' };
  return wb;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const target = fileURLToPath(new URL(`../public${RESIDENT_TEMPLATE_PATH}`, import.meta.url));
  await (await residentTemplate()).xlsx.writeFile(target);
  console.log(`Escrito ${target}`);
}
