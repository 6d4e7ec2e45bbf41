import { describe, expect, it } from 'vitest';
import { readWorkbook, rowBatches } from '../../../src/server/residents/resident-import-read.js';
import { residentRow, workbook } from '../../support/xlsx-fixtures.js';

describe('reading an uploaded workbook', () => {
  // exceljs writes the sheet before the shared strings and the workbook part last, as Excel puts
  // the sheets early: the reader keeps the sheet aside until the parts it needs are read. The zip
  // parser underneath (unzipper) used to announce its end as soon as it had read the last byte,
  // dropping the parts not yet handed on, so about one read in a hundred of the same file failed
  // ('No fue posible leer el archivo de Excel.'). patches/ fixes it; this reads one file 250 times.
  it('the same file reads the same rows every time, however the zip orders its parts', async () => {
    const file = await workbook([
      residentRow({ email: 'uno@correo.mx', zone: 'Zona Norte', street: 'Calle Roble' }),
      residentRow({ email: 'dos@correo.mx', zone: 'Etapa 1', street: 'Calle Girasol' }),
    ]);
    const emails = async () => {
      const [batch] = [...rowBatches(await readWorkbook(file), 10)];
      return batch.map((row) => row.cells[2]);
    };
    const outcomes = new Map<string, number>();
    for (let i = 0; i < 250; i++) {
      const outcome = await emails().then(
        (found) => found.join(' '),
        (error: Error) => error.message,
      );
      outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
    }
    expect(Object.fromEntries(outcomes)).toEqual({ 'uno@correo.mx dos@correo.mx': 250 });
  });
});
