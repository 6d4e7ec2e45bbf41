import { describe, expect, it } from 'vitest';
import { guestImportMachine } from '../../../machines/massive-events/guest-import.machine.js';
import { checkHeader, checkRows, splitRepeated } from '../../../src/shared/massive-events/guest-import.js';
import { coverage, generatePaths, runOnActor, type GeneratedPath } from '../../support/model-paths.js';
import { guestImportModel, sheets } from './guest-import.model.js';

const paths = generatePaths(guestImportModel);
const describePath = (p: GeneratedPath) => [p.inputName, ...p.events.map(guestImportModel.describeEvent!)].join(' → ');

describe('guestImport machine (import flow, Guest import)', () => {
  it('every state and transition is reached by a generated path', () => {
    const c = coverage(guestImportModel, paths);
    expect(c.states.missing).toEqual([]);
    expect(c.transitions.missing).toEqual([]);
  });

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const run = await runOnActor(
      guestImportMachine,
      path,
      ['readSheet', 'uploadGuests', 'invitationDownload'],
      {},
      guestImportModel,
    );
    expect(run.seen).toEqual(path.states);
    // The invitations offered are the new guests' (the ones this import created), and only after an upload.
    const downloads = run.calls
      .filter((c) => c.src === 'invitationDownload')
      .map((c) => (c.input as { target: unknown }).target);
    for (const d of downloads)
      expect(d).toEqual({ kind: 'guests', uuids: run.snapshot.context.created.map((g: { uuid: string }) => g.uuid) });
  });
});

describe('guest import rules', () => {
  it('a file with 5 bad rows has 5 errors, numbered as the sheet shows them', () => {
    const { errors, guests } = checkRows(sheets.fiveBad.rows);
    expect(errors.map((e) => e.row)).toEqual([2, 3, 4, 5, 7]);
    expect(guests).toHaveLength(1);
  });
  it('the header names what is missing and what is extra; the order matters', () => {
    expect(checkHeader(['Nombre', 'Apellidos', 'Teléfono', 'Correo Electrónico'])).toBeNull();
    expect(checkHeader([' nombre ', 'APELLIDOS', 'Teléfono', 'Correo  Electrónico'])).toBeNull();
    expect(checkHeader(['Nombre', 'Apellidos', 'Correo Electrónico', 'Teléfono'])).toEqual({
      missing: [],
      extra: [],
      outOfOrder: true,
    });
    expect(checkHeader([])).toEqual({
      missing: ['Nombre', 'Apellidos', 'Teléfono', 'Correo Electrónico'],
      extra: [],
      outOfOrder: false,
    });
    expect(checkHeader(['Nombre', 'Apellidos', 'Teléfono', 'Correo Electrónico', 'Mesa'])?.extra).toEqual(['Mesa']);
  });
  it('a repeated guest has the name of a listed guest or of an earlier row (accents and case aside)', () => {
    const { fresh, repeated } = splitRepeated(
      [
        { firstName: 'José', lastName: 'Peña', phone: '', email: '' },
        { firstName: 'jose', lastName: 'pena', phone: '', email: '' },
        { firstName: 'Ana', lastName: 'López', phone: '', email: '' },
      ],
      [{ firstName: 'ANA', lastName: 'LOPEZ' }],
    );
    expect(fresh.map((g) => g.firstName)).toEqual(['José']);
    expect(repeated.map((g) => g.firstName)).toEqual(['jose', 'Ana']);
  });
});
