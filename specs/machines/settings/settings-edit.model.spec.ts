import { describe, expect, it } from 'vitest';
import { settingsEditMachine } from '../../../machines/settings/settings-edit.machine.js';
import { coverage, describePath, generatePaths, runOnActor } from '../../support/model-paths.js';
import { settingsEditModel } from './settings-edit.model.js';

const paths = generatePaths(settingsEditModel);

describe("'Ajustes': the settingsEdit machine (Settings)", () => {
  it('every state and transition is reached by a generated path', () => {
    const c = coverage(settingsEditModel, paths);
    expect(c.states.missing).toEqual([]);
    expect(c.transitions.missing).toEqual([]);
  });

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const run = await runOnActor(settingsEditMachine, path, ['loadSettings', 'saveSettings'], {}, settingsEditModel);
    expect(run.seen).toEqual(path.states);
    expect(run.snapshot.context).toEqual(path.final.context);
  });
});
