import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, getInitialSnapshot, waitFor } from 'xstate';
import { eventWizardMachine, type EventWizardContext } from '../../../machines/massive-events/event-wizard.machine.js';
import type {
  InvitationDownloadOutput,
  InvitationTarget,
} from '../../../machines/massive-events/invitation-download.machine.js';

/** A wizard at step 3 of event 'ev1' (a session kept in this browser, resumed). */
function atStepThree() {
  const context = getInitialSnapshot(eventWizardMachine, { token: null, role: 'admin' }).context as EventWizardContext;
  return {
    token: null,
    role: 'admin',
    saved: { step: 'step3' as const, context: { ...context, eventId: 'ev1', active: true } },
  };
}

function wizard(outcome: InvitationDownloadOutput) {
  const targets: InvitationTarget[] = [];
  const actor = createActor(
    eventWizardMachine.provide({
      actors: {
        configure: fromPromise(async () => ({}) as never) as never,
        invitationDownload: fromPromise(async ({ input }) => {
          targets.push((input as { target: InvitationTarget }).target);
          return outcome;
        }) as never,
      },
    }),
    { input: atStepThree() },
  );
  actor.start();
  actor.send({ type: 'resume' });
  actor.send({ type: 'finish' });
  return { actor, targets };
}

describe("the wizard's Finalizar offers the event's invitations (step 3)", () => {
  it('after Finalizar saves the design, the download asks for the whole event (GET api/massiveEvents/{id}/invitation)', async () => {
    const { actor, targets } = wizard({ saved: true, returnTo: null });
    await waitFor(actor, (s) => s.matches('finished'));
    expect(targets).toEqual([]);
    actor.send({ type: 'invitations.download' });
    expect(actor.getSnapshot().matches('downloading')).toBe(true);
    // Saved: the offer stays, so the host may download again or go to the list.
    await waitFor(actor, (s) => s.matches('finished'));
    expect(targets).toEqual([{ kind: 'event', uuid: 'ev1' }]);
  });

  it('a failed download (its dialog closed) leaves the wizard for /massiveEvents', async () => {
    const { actor } = wizard({ saved: false, returnTo: '/massiveEvents' });
    await waitFor(actor, (s) => s.matches('finished'));
    actor.send({ type: 'invitations.download' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().context.leaveTo).toBe('/massiveEvents');
  });

  it("'Ir a eventos masivos' leaves without downloading", async () => {
    const { actor, targets } = wizard({ saved: true, returnTo: null });
    await waitFor(actor, (s) => s.matches('finished'));
    actor.send({ type: 'dialog.close' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(targets).toEqual([]);
  });
});
