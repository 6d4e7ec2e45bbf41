import { describe, expect, it } from 'vitest';
import { coverage, describePath, generatePaths, runOnActor } from '../../support/model-paths.js';
import { invitationShareModel } from './invitation-share.model.js';

const paths = generatePaths(invitationShareModel);

describe("invitationShare ('Compartir': the share sheet with the invitation PNGs and the community's message where files can be shared, else the download)", () => {
  it('every state and transition is reached by a generated path', () => {
    const c = coverage(invitationShareModel, paths);
    expect(c.states.missing).toEqual([]);
    expect(c.transitions.missing).toEqual([]);
  });

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const run = await runOnActor(
      path.machine,
      path,
      ['shareInvitations', 'invitationDownload'],
      {},
      invitationShareModel,
    );
    expect(run.seen).toEqual(path.states);
  });
});
