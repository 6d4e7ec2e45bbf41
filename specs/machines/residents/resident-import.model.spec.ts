import { describe, expect, it } from 'vitest';
import { workbookBytes } from '../../../src/web/views/residents/resident-import.api.js';
import { coverage, describePath, generatePaths, runOnActor } from '../../support/model-paths.js';
import { ERRORS_BASE64, importReports, residentImportModel, uploads } from './resident-import.model.js';

const paths = generatePaths(residentImportModel);

describe('the residents Excel import modal (import, .xlsx only, Error / Error Parcial)', () => {
  it('every state and transition is reached by a generated path', () => {
    const c = coverage(residentImportModel, paths);
    expect(c.states.missing).toEqual([]);
    expect(c.transitions.missing).toEqual([]);
  });

  it('Errores.xlsx is the base64 of a workbook; text that is not one cannot be saved (No se pudo generar el archivo de errores.)', () => {
    expect([...workbookBytes(ERRORS_BASE64).slice(0, 2)]).toEqual([0x50, 0x4b]);
    expect(() => workbookBytes('no es base64!')).toThrow();
    expect(() => workbookBytes(btoa('hola mundo'))).toThrow();
  });

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    uploads.length = 0;
    importReports.length = 0;
    const report = () => {
      importReports.push('import.closed');
    };
    const run = await runOnActor(residentImportModel.machine, path, ['saveErrorFile'], { report }, residentImportModel);
    expect(run.seen).toEqual(path.states);
    expect(uploads).toHaveLength(path.events.filter((e) => e.type === 'upload.start').length);
  });
});
