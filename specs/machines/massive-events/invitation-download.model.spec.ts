import { describe, expect, it } from 'vitest';
import { coverage, describePath, generatePaths, runOnActor } from '../../support/model-paths.js';
import { invitationDownloadModel } from './invitation-download.model.js';

const paths = generatePaths(invitationDownloadModel);

describe('invitationDownload (issues 13 and 14: requesting → rendering with progress → saved, or failed with the dialog; invitations back to /massiveEvents, credentials stay)', () => {
  it('every state and transition is reached by a generated path', () => {
    const c = coverage(invitationDownloadModel, paths);
    expect(c.states.missing).toEqual([]);
    expect(c.transitions.missing).toEqual([]);
  });

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const run = await runOnActor(
      invitationDownloadModel.machine,
      path,
      ['downloadInvitations'],
      {},
      invitationDownloadModel,
    );
    expect(run.seen).toEqual(path.states);
  });
});
