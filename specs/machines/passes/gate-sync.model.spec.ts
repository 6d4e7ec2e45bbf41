import { describe, expect, it } from 'vitest';
import { coverage, describePath, generatePaths, runOnActor } from '../../support/model-paths.js';
import { gateSyncModel } from './gate-sync.model.js';

const paths = generatePaths(gateSyncModel);

describe('gate-sync (online ⇄ offline, syncing the kept records, conflicts shown until seen)', () => {
  it('every state and transition is reached by a generated path', () => {
    const c = coverage(gateSyncModel, paths);
    expect(c.states.missing).toEqual([]);
    expect(c.transitions.missing).toEqual([]);
  });

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const run = await runOnActor(
      gateSyncModel.machine,
      path,
      ['countQueue', 'loadSnapshot', 'sendQueue'],
      {},
      gateSyncModel,
    );
    expect(run.seen).toEqual(path.states);
  });
});
