import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { residentCodeMachine } from '../../../machines/residents/resident-code.machine.js';
import { residentCodeState } from '../../../src/shared/residents/resident-rules.js';
import {
  checkExpectations,
  coverage,
  deferredActors,
  describePath,
  generatePaths,
  type GeneratedPath,
} from '../../support/model-paths.js';
import { codeRows, EXPIRY_EVENT, pendingUntil, residentCodeModel, T0 } from './resident-code.model.js';

const paths = generatePaths(residentCodeModel);

/** The actor's clock, held by the test: timers fire only when the test moves time to them. */
function manualClock() {
  const timers = new Map<number, { due: number; fn: () => void }>();
  let next = 1;
  return {
    timers,
    setTimeout: (fn: (...args: unknown[]) => void, ms: number) => {
      const id = next++;
      timers.set(id, { due: Date.now() + ms, fn });
      return id;
    },
    clearTimeout: (id: unknown) => {
      timers.delete(id as number);
    },
    /** Moves the time to the next timer and fires it. */
    fireNext() {
      const [id, timer] = [...timers.entries()].sort((a, b) => a[1].due - b[1].due)[0] ?? [];
      if (!timer) throw new Error('no timer is pending');
      vi.setSystemTime(timer.due);
      timers.delete(id!);
      timer.fn();
    },
  };
}
const tick = () => new Promise((r) => setTimeout(r, 0));
const stateKey = (s: { value: unknown }) => JSON.stringify(s.value);

async function runWithClock(path: GeneratedPath) {
  const clock = manualClock();
  const fakes = deferredActors(['resendCode']);
  const actor = createActor(residentCodeMachine.provide({ actors: fakes.actors as never }), {
    input: path.input as never,
    clock,
  });
  actor.start();
  const seen = [stateKey(actor.getSnapshot())];
  const probe = (step: number) => ({
    snapshot: actor.getSnapshot(),
    calls: fakes.calls,
    events: path.events.slice(0, step),
    step,
  });
  await checkExpectations(residentCodeModel, seen[0], 'actor', probe(0));
  for (const [i, event] of path.events.entries()) {
    if (event.type === EXPIRY_EVENT) clock.fireNext();
    else if (event.type.startsWith('xstate.')) await fakes.settle(event);
    else actor.send(event as never);
    await tick();
    seen.push(stateKey(actor.getSnapshot()));
    await checkExpectations(residentCodeModel, seen.at(-1)!, 'actor', probe(i + 1));
  }
  actor.stop();
  return { seen, calls: fakes.calls, clock };
}

describe('residentCode machine (registration code column, resend dialogs, 15 minutes)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(T0);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('every state and transition is reached by a generated path', () => {
    const c = coverage(residentCodeModel, paths);
    expect(c.states.missing).toEqual([]);
    expect(c.transitions.missing).toEqual([]);
  });

  it('the cell starts as the shared rule reads the row (the four faces of the code column)', () => {
    const start = (row: typeof codeRows.valid) =>
      createActor(residentCodeMachine, { input: { row } }).getSnapshot().value;
    expect(start(codeRows.noApp)).toBe('notActivated');
    expect(start(codeRows.activated)).toBe('activated');
    expect(start(codeRows.valid)).toBe('codeValid');
    expect(start(codeRows.expired)).toBe('codeExpired');
    expect(residentCodeState(codeRows.valid, T0)).toBe('valid');
  });

  it("at the code's expiry, and not a millisecond before, the resend button appears without reloading", () => {
    const clock = manualClock();
    const exp = T0 + 7 * 60_000;
    const row = { uuid: 'r1', useapp: true, testResidentRegistration: pendingUntil(exp) };
    const actor = createActor(residentCodeMachine, { input: { row }, clock }).start();
    const [timer] = [...clock.timers.values()];
    expect(timer.due).toBe(exp);
    vi.setSystemTime(exp - 1);
    expect(actor.getSnapshot().value).toBe('codeValid');
    clock.fireNext();
    expect(Date.now()).toBe(exp);
    expect(actor.getSnapshot().value).toBe('codeExpired');
    actor.stop();
  });

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const run = await runWithClock(path);
    expect(run.seen).toEqual(path.states);
    expect(run.calls.filter((c) => c.src === 'resendCode')).toHaveLength(
      path.events.filter((e) => e.type === 'code.resend').length,
    );
  });
});
