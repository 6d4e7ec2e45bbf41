import { describe, expect, it } from 'vitest';
import { coverage, describePath, generatePaths, runOnActor } from '../../support/model-paths.js';
import { checkinModel } from './checkin.model.js';

const paths = generatePaths(checkinModel);

describe('checkin (idle → verifying → admitted or refused with the reason → idle)', () => {
  it('every state and transition is reached by a generated path', () => {
    const c = coverage(checkinModel, paths);
    expect(c.states.missing).toEqual([]);
    expect(c.transitions.missing).toEqual([]);
  });

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const run = await runOnActor(checkinModel.machine, path, ['verifyPass', 'verifyLocally'], {}, checkinModel);
    expect(run.seen).toEqual(path.states);
  });
});
