import { describe, expect, it, vi } from 'vitest';
import { base64Of, fileNameParts, logoProblem } from '../../../src/shared/communities/logo-rules.js';
import { coverage, describePath, generatePaths, runOnActor } from '../../support/model-paths.js';
import { addressPagesModel, readPng } from './address-pages.model.js';

const paths = generatePaths(addressPagesModel);

describe('the address pages: the form skeleton as /newIntegrator and /newFrac (postal code, logo and limits, dialogs)', () => {
  it('every state and transition is reached by a generated path', () => {
    const c = coverage(addressPagesModel, paths);
    expect(c.states.missing).toEqual([]);
    expect(c.transitions.missing).toEqual([]);
  });

  it('logo rules: jpeg or png only, base64 sent without its data: prefix', () => {
    expect(logoProblem({ type: 'image/gif', size: 10 })).toBe('El logo debe ser una imagen JPEG o PNG.');
    expect(logoProblem({ type: 'image/jpeg', size: 3 * 1024 * 1024 })).toBe('El logo no debe pesar más de 2 MB.');
    expect(logoProblem({ type: 'image/png', size: 10 })).toBeNull();
    expect(base64Of(readPng.preview)).toBe('iVBORw0KGgo=');
    expect(fileNameParts('Mi Logo.PNG')).toEqual({ name: 'Mi Logo', extension: 'png' });
  });

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const leave = vi.fn();
    const logLookupFailure = vi.fn();
    const run = await runOnActor(
      path.machine,
      path,
      ['loadForm', 'saveRecord', 'readLogo'],
      { leave, logLookupFailure },
      addressPagesModel,
    );
    expect(run.seen).toEqual(path.states);
    expect(run.snapshot.context).toEqual(path.final.context);
    // A lookup failure is only logged; leaving goes back to the list once.
    expect(logLookupFailure).toHaveBeenCalledTimes(path.events.filter((e) => e.type === 'postalCode.failed').length);
    expect(leave).toHaveBeenCalledTimes(run.snapshot.status === 'done' ? 1 : 0);
  });
});
