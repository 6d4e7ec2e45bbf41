import { describe, expect, it } from 'vitest';
import { noticeSegmentsMachine } from '../../../machines/content/notice-segments.machine.js';
import { coverage, describePath, generatePaths, runOnActor } from '../../support/model-paths.js';
import { noticeSegmentsModel, segmentStreets, segmentZones } from './notice-segments.model.js';

const paths = generatePaths(noticeSegmentsModel);

describe("the notice's segmentation cascade (a zone loads its streets, a street loads its residents)", () => {
  it('every state and transition is reached by a generated path', () => {
    const c = coverage(noticeSegmentsModel, paths);
    expect(c.states.missing).toEqual([]);
    expect(c.transitions.missing).toEqual([]);
  });

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const run = await runOnActor(
      noticeSegmentsMachine,
      path,
      ['loadZones', 'loadStreets', 'loadResidents'],
      {},
      noticeSegmentsModel,
    );
    expect(run.seen).toEqual(path.states);
    expect(run.snapshot.context).toEqual(path.final.context);
  });

  it("editing a notice for Zona Sur, Calle Cedro loads that zone's streets and that street's residents as the options arrive", async () => {
    const path = paths.find(
      (p) =>
        p.inputName === 'aviso editado' &&
        p.events[0]?.type === 'xstate.done.actor.zones' &&
        p.events[1]?.type === 'xstate.done.actor.streets',
    )!;
    const run = await runOnActor(noticeSegmentsMachine, path, ['loadZones', 'loadStreets', 'loadResidents']);
    expect(run.calls[1]).toMatchObject({ src: 'loadStreets', input: { zoneUuid: segmentZones[1].uuid } });
    expect(run.calls[2]).toMatchObject({ src: 'loadResidents', input: { streetUuid: segmentStreets[1].uuid } });
  });
});
