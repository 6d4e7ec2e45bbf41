import { describe, expect, it } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { reportFilterMachine } from '../../../machines/reports/report-filter.machine.js';
import { COMMON_AREA_RANGES } from '../../../src/shared/reports/report-rules.js';
import { coverage, describePath, generatePaths, runOnActor } from '../../support/model-paths.js';
import { downloads, reportFilterModel } from './report-filter.model.js';

const paths = generatePaths(reportFilterModel);

describe("the report filters ('Reportes', 'Falta una fecha', Reports)", () => {
  it('every state and transition is reached by a generated path', () => {
    const c = coverage(reportFilterModel, paths);
    expect(c.states.missing).toEqual([]);
    expect(c.transitions.missing).toEqual([]);
  });

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    downloads.length = 0;
    const run = await runOnActor(reportFilterModel.machine, path, ['loadOptions'], {}, reportFilterModel);
    expect(run.seen).toEqual(path.states);
  });
});

describe('the common-area report takes one entry date (fecha de entrada)', () => {
  const start = () => {
    const told: unknown[] = [];
    const actor = createActor(
      reportFilterMachine.provide({
        actors: {
          list: fromCallback(({ receive }) => {
            receive((e) => {
              told.push(e);
            });
          }),
        },
      }),
      {
        input: {
          today: '2026-03-15',
          fields: ['resident', 'invited', 'timein', 'commonArea', 'withQr'],
          ranges: COMMON_AREA_RANGES,
        },
      },
    );
    actor.start();
    return { actor, told };
  };

  it('a date of today or before is searched as it is', () => {
    const { actor, told } = start();
    actor.send({ type: 'filter.edit', name: 'timein', value: '2026-03-15' });
    actor.send({ type: 'filter.edit', name: 'withQr', value: 'qr' });
    actor.send({ type: 'filters.apply' });
    expect(told).toEqual([
      {
        type: 'filters.set',
        filters: { resident: '', invited: '', timein: '2026-03-15', commonArea: '', withQr: 'qr' },
      },
    ]);
    actor.stop();
  });

  it('a future date is refused before any query', () => {
    const { actor, told } = start();
    actor.send({ type: 'filter.edit', name: 'timein', value: '2026-03-16' });
    actor.send({ type: 'filters.apply' });
    expect(actor.getSnapshot().context.alert).toBe('No se permiten fechas futuras.');
    expect(told).toEqual([]);
    actor.stop();
  });
});
