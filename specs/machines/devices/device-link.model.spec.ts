import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { deviceLinkMachine } from '../../../machines/devices/device-link.machine.js';
import { LINK_POLL_MS } from '../../../src/shared/devices/device-rules.js';
import {
  checkExpectations,
  coverage,
  deferredActors,
  describePath,
  generatePaths,
  manualClock,
  type GeneratedPath,
} from '../../support/model-paths.js';
import { deviceLink, deviceLinkModel, EXPIRY_EVENT, FIRST, linkRows, POLL_EVENT, T0 } from './device-link.model.js';

const paths = generatePaths(deviceLinkModel);

const tick = () => new Promise((r) => setTimeout(r, 0));
const stateKey = (s: { value: unknown }) => JSON.stringify(s.value);

async function runWithClock(path: GeneratedPath) {
  const clock = manualClock(vi.setSystemTime);
  const fakes = deferredActors(['issueCode', 'readDevice', 'unlinkDevice']);
  const asked: string[] = [];
  const listened: string[] = [];
  const actor = createActor(
    deviceLink.provide({
      actors: {
        ...fakes.actors,
        deviceEvents: fromCallback(({ input }) => {
          listened.push((input as { uuid: string }).uuid);
        }),
      } as never,
      actions: {
        askDelete: ({ context }) => {
          asked.push(`delete:${context.row.uuid}`);
        },
        askReload: () => {
          asked.push('reload');
        },
      },
    }),
    { input: path.input as never, clock },
  );
  actor.start();
  const seen = [stateKey(actor.getSnapshot())];
  const probe = (step: number) => ({
    input: path.input,
    timers: clock.pending(),
    snapshot: actor.getSnapshot(),
    calls: fakes.calls,
    events: path.events.slice(0, step),
    step,
    asked,
  });
  await checkExpectations(deviceLinkModel, seen[0], 'actor', probe(0));
  for (const [i, event] of path.events.entries()) {
    if (event.type === EXPIRY_EVENT) clock.fire((t) => t.due === Date.parse(actor.getSnapshot().context.expiresAt!));
    else if (event.type === POLL_EVENT) clock.fire((t) => t.ms === LINK_POLL_MS);
    else if (event.type.startsWith('xstate.')) await fakes.settle(event);
    else actor.send(event as never);
    await tick();
    seen.push(stateKey(actor.getSnapshot()));
    await checkExpectations(deviceLinkModel, seen.at(-1)!, 'actor', probe(i + 1));
  }
  actor.stop();
  return { seen, calls: fakes.calls, asked, listened };
}

describe('deviceLink machine (link and unlink, texts)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(T0);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('every state and transition is reached by a generated path', () => {
    const c = coverage(deviceLinkModel, paths);
    expect({ states: c.states.missing, transitions: c.transitions.missing }).toEqual({ states: [], transitions: [] });
  });

  it('the row starts as the server listed it: INACTIVE can link, ACTIVE can only unlink', () => {
    const start = (row: typeof linkRows.active) => createActor(deviceLinkMachine, { input: { row } }).getSnapshot();
    expect(start(linkRows.inactive).value).toBe('inactive');
    expect(start(linkRows.active).value).toBe('active');
    expect(start(linkRows.active).can({ type: 'device.delete' })).toBe(false);
    expect(start(linkRows.active).can({ type: 'link.open' })).toBe(false);
  });

  it('a shown code is renewed at its expiry (10 minutes), not a millisecond before', async () => {
    const clock = manualClock(vi.setSystemTime);
    const fakes = deferredActors(['issueCode', 'readDevice', 'unlinkDevice']);
    const actor = createActor(deviceLink.provide({ actors: fakes.actors as never }), {
      input: { row: linkRows.inactive },
      clock,
    }).start();
    actor.send({ type: 'link.open' });
    await fakes.settle({ type: 'xstate.done.actor.issue', output: FIRST });
    const expiry = [...clock.timers.values()].find((t) => t.ms !== LINK_POLL_MS)!;
    expect(expiry.due).toBe(Date.parse(FIRST.expiresAt));
    vi.setSystemTime(expiry.due - 1);
    expect(actor.getSnapshot().value).toBe('showingCode');
    clock.fire((t) => t === expiry);
    expect(actor.getSnapshot().value).toBe('renewing');
    actor.stop();
  });

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const run = await runWithClock(path);
    expect(run.seen).toEqual(path.states);
    // The row listens to its own device's realtime events for as long as it is shown.
    expect(run.listened).toEqual([(path.input as { row: { uuid: string } }).row.uuid]);
  });
});
