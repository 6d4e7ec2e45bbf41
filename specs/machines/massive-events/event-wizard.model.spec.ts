import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { eventWizardMachine } from '../../../machines/massive-events/event-wizard.machine.js';
import { configureBodyOf, emptyDesign } from '../../../src/shared/massive-events/event-wizard-rules.js';
import { coverage, describePath, generatePaths, runOnActor } from '../../support/model-paths.js';
import { eventWizardModel, originalEvent } from './event-wizard.model.js';

const paths = generatePaths(eventWizardModel);

describe('eventWizard machine', () => {
  it('every state and transition is reached by a generated path (the resume offer from a session left open, new and edited)', () => {
    const c = coverage(eventWizardModel, paths);
    expect(c.states.missing).toEqual([]);
    expect(c.transitions.missing).toEqual([]);
  });

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const run = await runOnActor(
      eventWizardMachine,
      path,
      [
        'load',
        'saveEvent',
        'saveGuests',
        'configure',
        'deleteEvent',
        'restoreEvent',
        'guestImport',
        'invitationDownload',
      ],
      {
        persist: () => undefined,
        forget: () => undefined,
      },
      eventWizardModel,
    );
    expect(run.seen).toEqual(path.states);
  });

  it('configure leaves the default colours out', () => {
    expect(configureBodyOf(emptyDesign())).toEqual({
      backgroundImage: undefined,
      profile: undefined,
      version: undefined,
    });
    expect(configureBodyOf({ ...emptyDesign(), foregroundColor: 'FF0000' })).toMatchObject({
      foregroundColor: 'ff0000',
    });
  });
});

describe('eventWizard resumes a session left open', () => {
  const kept = (token: string | null) => {
    const actor = createActor(eventWizardMachine, { input: { token, role: 'admin', saved: null } });
    return {
      ...actor.getSnapshot().context,
      token,
      eventId: token ?? 'n1',
      active: true,
      original: token ? (originalEvent as never) : null,
    };
  };
  const run = (token: string | null, choice: 'resume' | 'discard') => {
    const calls: string[] = [];
    const actor = createActor(
      eventWizardMachine.provide({
        actors: {
          deleteEvent: fromPromise(async ({ input }) => {
            calls.push(`delete ${input.id}`);
          }),
          restoreEvent: fromPromise(async ({ input }) => {
            calls.push(`restore ${input.id} ${input.original.title}`);
          }),
        },
      }),
      { input: { token, role: 'admin', saved: { step: 'step2', context: kept(token) } } },
    );
    actor.start();
    const offered = actor.getSnapshot().matches('offeringResume');
    actor.send({ type: choice });
    return { actor, calls, offered };
  };

  it('resuming goes back to the step it was at, with what it held', () => {
    const { actor, offered } = run('e1', 'resume');
    expect(offered).toBe(true);
    expect(actor.getSnapshot().value).toBe('step2');
    expect(actor.getSnapshot().context.active).toBe(true);
  });

  it('discarding deletes a new event and restores an edited one exactly as read', async () => {
    const fresh = run(null, 'discard');
    await new Promise((r) => setTimeout(r, 0));
    expect(fresh.calls).toEqual(['delete n1']);
    expect(fresh.actor.getSnapshot().status).toBe('done');
    const edited = run('e1', 'discard');
    await new Promise((r) => setTimeout(r, 0));
    expect(edited.calls).toEqual([`restore e1 ${originalEvent.title}`]);
  });
});
