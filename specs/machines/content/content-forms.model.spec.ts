import { describe, expect, it, vi } from 'vitest';
import {
  contentDateLimits,
  descriptionCounter,
  imageProblem,
  toContentDate,
} from '../../../src/shared/content/content-rules.js';
import { coverage, describePath, generatePaths, runOnActor } from '../../support/model-paths.js';
import { contentFormsModel } from './content-forms.model.js';

const paths = generatePaths(contentFormsModel);
const NOW = new Date(2026, 10, 25, 9, 30, 15);

describe("the content forms: 'Nuevo aviso', 'Nuevo boletín', 'Editar promoción'", () => {
  it('every state and transition of the notice form is reached by a generated path', () => {
    const c = coverage(contentFormsModel, paths);
    expect(c.states.missing).toEqual([]);
    expect(c.transitions.missing).toEqual([]);
  });

  it('date rules: the end is disabled until a start is chosen, then its minimum is the start; the start minimum is now (create) or the stored start (edit)', () => {
    expect(contentDateLimits('notices', '', null, NOW)).toEqual({
      startMin: '2026-11-25T09:30:15',
      endMin: '1900-01-30T00:00:00',
      endDisabled: true,
    });
    expect(contentDateLimits('promotions', '', null, NOW).endMin).toBe('1900-01-01T00:00:00');
    expect(contentDateLimits('newsletters', '2026-12-01T10:00', null, NOW)).toEqual({
      startMin: '2026-11-25T09:30:15',
      endMin: '2026-12-01T10:00:00',
      endDisabled: false,
    });
    expect(contentDateLimits('notices', '2026-12-01T10:00:00', '2026-01-05T08:00:00', NOW).startMin).toBe(
      '2026-01-05T08:00:00',
    );
    expect(toContentDate('2026-12-01T10:00')).toBe('2026-12-01T10:00:00');
  });

  it('the description counter reads n/1500 and images are jpeg or png of at most 5 MB', () => {
    expect(descriptionCounter('Hola')).toBe('4/1500');
    expect(descriptionCounter('')).toBe('0/1500');
    expect(imageProblem({ type: 'image/svg+xml', size: 10 })).toBe('La imagen debe ser JPEG o PNG.');
    expect(imageProblem({ type: 'image/png', size: 6 * 1024 * 1024 })).toBe('La imagen no debe pesar más de 5 MB.');
    expect(imageProblem({ type: 'image/jpeg', size: 1024 })).toBeNull();
  });

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const leave = vi.fn();
    const run = await runOnActor(
      path.machine,
      path,
      ['loadForm', 'saveRecord', 'readLogo'],
      { leave },
      contentFormsModel,
    );
    expect(run.seen).toEqual(path.states);
    expect(run.snapshot.context).toEqual(path.final.context);
    expect(leave).toHaveBeenCalledTimes(run.snapshot.status === 'done' ? 1 : 0);
  });
});
