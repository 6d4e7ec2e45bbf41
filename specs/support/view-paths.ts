/**
 * Performs a machine's generated paths on a rendered view (view layer): each
 * event is done as a person would (typing, clicking) or, for an invoked actor's result, by
 * settling the fake API call the view made; after each step the view must show its state.
 */
import { act, screen, waitFor } from '@testing-library/react';
import type { AnyEventObject } from 'xstate';
import { checkExpectations, deferred, type Deferred, type GeneratedPath, type ModelSpec } from './model-paths.js';

/**
 * What a model's `view` expectation reads: the rendered screen, the context the model predicts
 * at this step, the events so far, plus what the screen's spec adds (e.g. the current route).
 */
export interface ViewProbe<TContext = unknown> {
  screen: typeof screen;
  context: TContext;
  events: AnyEventObject[];
  step: number;
  [extra: string]: unknown;
}

/** A fake API whose calls wait until the path settles them, in order. */
export function pendingCalls() {
  const queue: { name: string; args: unknown[]; d: Deferred<unknown> }[] = [];
  return {
    queue,
    fn<T>(name: string) {
      return (...args: unknown[]) => {
        const d = deferred<unknown>();
        queue.push({ name, args, d });
        return d.promise as Promise<T>;
      };
    },
    /**
     * Settles the oldest call, or with `name` the oldest call of that name (a call the machine
     * stopped waiting for, such as a page load dropped for the form, stays unsettled before it).
     */
    async settle(event: AnyEventObject, name?: RegExp) {
      const at = name ? queue.findIndex((c) => name.test(c.name)) : 0;
      const [call] = at < 0 ? [] : queue.splice(at, 1);
      if (!call) throw new Error(`the view made no call to settle ${event.type}`);
      await act(async () => {
        if (event.type.startsWith('xstate.done.actor.')) call.d.resolve(event.output);
        else call.d.reject(event.error);
        await new Promise((r) => setTimeout(r, 0));
      });
      return call;
    },
  };
}

export type Executors = Record<string, (event: AnyEventObject) => unknown>;

export async function performPath(
  path: GeneratedPath,
  options: {
    executors: Executors;
    calls: ReturnType<typeof pendingCalls>;
    /** Asserts the view shows the state reached after step i (state value as JSON). */
    expectState: (stateJson: string, step: number) => void | Promise<void>;
    /** The model whose per-state `view` expectations (the spec's words) are checked on the screen at every step. */
    spec?: Pick<ModelSpec, 'expectations'>;
    /** What the screen adds to the probe (helpers, the route). */
    probe?: (step: number) => Record<string, unknown>;
  },
) {
  const check = async (step: number) => {
    await options.expectState(path.states[step], step);
    if (!options.spec) return;
    const probe: ViewProbe = {
      screen,
      context: path.contexts[step],
      events: path.events.slice(0, step),
      step,
      ...options.probe?.(step),
    };
    await waitFor(() => checkExpectations(options.spec!, path.states[step], 'view', probe));
  };
  await check(0);
  for (const [i, event] of path.events.entries()) {
    const own = options.executors[event.type];
    if (!own && (event.type.startsWith('xstate.done.actor.') || event.type.startsWith('xstate.error.actor.'))) {
      await options.calls.settle(event);
    } else {
      const exec = options.executors[event.type];
      if (!exec) throw new Error(`no executor for ${event.type}`);
      // fireEvent wraps each interaction in act; executors may wait for the screen in between.
      await exec(event);
      await act(async () => {
        await new Promise((r) => setTimeout(r, 0));
      });
    }
    await check(i + 1);
  }
}
