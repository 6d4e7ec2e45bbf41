/**
 * Writes public/plantilla_invitados.xlsx, the template of the guest import: sheet
 * 'Invitados' with the header row only (Nombre, Apellidos, Teléfono, Correo Electrónico; text cells
 * for phones so Excel keeps leading zeros) and sheet 'Instrucciones'. The reader takes the first
 * sheet. Run `npx tsx scripts/make-guest-template.ts` after changing the headers or limits.
 */
import ExcelJS from 'exceljs';
import { fileURLToPath } from 'node:url';
import {
  GUEST_IMPORT_HEADERS,
  GUEST_IMPORT_MAX_ROWS,
  GUEST_TEMPLATE_PATH,
} from '../src/shared/massive-events/guest-import.js';
import { GUEST_FIELD_MAX } from '../src/shared/massive-events/massive-event-rules.js';

const rules: [string, string][] = [
  [
    'Cómo usarla',
    'Escribe un invitado por renglón en la hoja "Invitados", debajo de los encabezados. No cambies, quites ni reordenes los encabezados.',
  ],
  ['Archivo', `Hasta ${GUEST_IMPORT_MAX_ROWS.toLocaleString('es-MX')} invitados. Sin fórmulas: pega solo valores.`],
  ['Nombre', `Obligatorio, como máximo ${GUEST_FIELD_MAX} caracteres.`],
  ['Apellidos', `Obligatorios, como máximo ${GUEST_FIELD_MAX} caracteres.`],
  ['Teléfono', 'Opcional, solo dígitos.'],
  ['Correo Electrónico', 'Opcional; si lo escribes, en minúsculas (nombre@dominio.com).'],
  [
    'Repetidos',
    'Si un invitado tiene el mismo nombre y apellidos que otro de la lista, se te preguntará antes de agregarlo nuevamente.',
  ],
];

export async function guestTemplate(): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Portón';
  wb.created = wb.modified = new Date('2026-01-01T00:00:00Z');
  const sheet = wb.addWorksheet('Invitados', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = GUEST_IMPORT_HEADERS.map((header) => ({
    header,
    key: header,
    width: header === 'Correo Electrónico' ? 32 : 22,
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getColumn(3).numFmt = '@';
  const help = wb.addWorksheet('Instrucciones');
  help.columns = [
    { header: 'Tema', key: 'topic', width: 22 },
    { header: 'Regla', key: 'rule', width: 100 },
  ];
  help.getRow(1).font = { bold: true };
  for (const [topic, rule] of rules) help.addRow({ topic, rule }).alignment = { wrapText: true, vertical: 'top' };
  return wb;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const out = `public${GUEST_TEMPLATE_PATH}`;
  await (await guestTemplate()).xlsx.writeFile(out);
  console.log(`Plantilla escrita en ${out}`);
}
