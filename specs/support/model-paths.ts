/**
 * Model-based testing helpers: paths generated from a machine's graph with
 * `xstate/graph`, extended to cover every transition, plus the coverage check and a runner
 * that drives a real actor whose invoked actors are deferred promises the path resolves.
 */
import {
  createActor,
  fromCallback,
  fromPromise,
  getInitialSnapshot,
  getNextSnapshot,
  type AnyActorLogic,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  type ContextFrom,
  type InputFrom,
  type OutputFrom,
  type SnapshotFrom,
  type StateMachine,
} from 'xstate';
import { TestModel } from 'xstate/graph';
import type { ViewProbe } from './view-paths.js';

export interface ModelSpec<TMachine extends AnyStateMachine = AnyStateMachine, TViewExtra = unknown> {
  name: string;
  machine: TMachine;
  /**
   * Inputs to start from (several when an `always` guard depends on input). An input may run
   * its own configuration of the machine (the same skeleton with other rules, e.g. the
   * integrator page and the community page of the form skeleton).
   */
  inputs: {
    name: string;
    input: unknown;
    machine?: AnyStateMachine;
    /**
     * Only the snapshots for which this holds are expanded: a start whose own part of the graph is
     * a few steps (a session left open, offered to resume) before it joins the graph the other
     * inputs already explore. Without it every snapshot reached is expanded.
     */
    explore?: (snapshot: SnapshotFrom<TMachine>) => boolean;
  }[];
  /** Event cases a snapshot may take, done/error events of its invocations included. Keep it finite. */
  events: (snapshot: SnapshotFrom<TMachine>) => AnyEventObject[];
  /**
   * The part of the context that matters to the paths (what `events` reads and what the spec's
   * expectations tell apart). Two snapshots with the same state value and key are one node of the
   * graph. Without it the whole context is the key, which multiplies the paths.
   */
  key?: (snapshot: SnapshotFrom<TMachine>) => unknown;
  /**
   * The spec's oracle ("Spec oracles"): per state key (the state value as JSON, as in
   * `GeneratedPath.states`), what the spec says must hold there, written from the spec and never
   * derived from the machine. `says` is QA's sentence; `actor` checks it on the machine layer,
   * `view` on the rendered screen (either may be absent where a layer cannot observe it).
   */
  expectations?: Record<string, Expectation<ActorProbe<TMachine>, ViewProbe<ContextFrom<TMachine>> & TViewExtra>[]>;
  /** An event in QA's words ('valid form', 'email taken'), for the paths report. */
  describeEvent?: (event: AnyEventObject) => string;
  /**
   * Transitions of a shared machine this configuration cannot take (e.g. the form skeleton's
   * postal-code transitions, for a form without an address), and which models take them.
   * They are left out of this model's coverage; a test checks the models together cover them.
   */
  notHere?: { transitions: string[]; states?: string[]; takenBy: string };
  /**
   * Children the machine spawns that the actor layer replaces by recorders (their own models
   * test them): what the parent sends them is recorded as calls `{ src, input: event }`, and
   * what they report is an event of the path.
   */
  recordedChildren?: string[];
  /**
   * Why a state has no expectation of its own, by state path ('approving.next'): a state the actor
   * never rests in (it decides at once), or one whose parent's or children's expectations say all
   * there is. The report shows the reason; the oracle coverage counts it.
   */
  noExpectation?: Record<string, string>;
  /**
   * How the actor layer runs this machine (the generated mutants use it): the invoked actors faked
   * by deferred promises, and the side-effect actions replaced (storage, navigation).
   */
  run?: { actors: string[]; actions?: Record<string, unknown> };
  /**
   * Side-effect actions (storage, navigation, reload) the actor layer records as calls
   * `{ src: name, input: params }`, so expectations can say they happened.
   */
  recordedActions?: string[];
  /**
   * A clock the path holds, for a machine with delayed transitions: the actor's timers fire only
   * when the path's event names them (`fires`: which pending timer an `xstate.after.…` event is),
   * and `setNow` moves the time to the timer's due moment first. The probe lists the pending timers.
   */
  clock?: {
    fires: Record<string, (timer: PendingTimer, snapshot: SnapshotFrom<TMachine>) => boolean>;
    /** The moment each path starts at. */
    start: number;
    setNow: (ms: number) => void;
  };
}

/** A timer the actor set and the path's clock holds. */
export interface PendingTimer {
  due: number;
  ms: number;
}

/** The actor's clock, held by the path: a timer fires only when the path's event names it. */
export function manualClock(setNow: (ms: number) => void) {
  const timers = new Map<number, PendingTimer & { fn: () => void }>();
  let next = 1;
  return {
    timers,
    setTimeout: (fn: (...args: unknown[]) => void, ms: number) => {
      const id = next++;
      timers.set(id, { due: Date.now() + ms, ms, fn });
      return id;
    },
    clearTimeout: (id: unknown) => {
      timers.delete(id as number);
    },
    /** Moves the time to the first pending timer that `which` picks and fires it. */
    fire(which: (t: PendingTimer) => boolean) {
      const [id, timer] = [...timers.entries()].find(([, t]) => which(t)) ?? [];
      if (!timer) throw new Error('no such timer is pending');
      setNow(timer.due);
      timers.delete(id!);
      timer.fn();
    },
    pending: (): PendingTimer[] => [...timers.values()].map(({ due, ms }) => ({ due, ms })),
  };
}

/** One thing the spec says holds in a state. */
export interface Expectation<TActorProbe = ActorProbe, TViewProbe = ViewProbe> {
  says: string;
  // Methods, not function properties: a model's oracle may read what its own screen adds to the probe.
  actor?(probe: TActorProbe): void | Promise<void>;
  view?(probe: TViewProbe): void | Promise<void>;
}

export interface GeneratedPath<TMachine extends AnyStateMachine = AnyStateMachine> {
  id: string;
  inputName: string;
  input: unknown;
  /** The machine (configuration) the path runs on. */
  machine: AnyStateMachine;
  events: AnyEventObject[];
  /** State value (as JSON) after each event; [0] is the start. */
  states: string[];
  /** Context after each event; [0] is the start. */
  contexts: ContextFrom<TMachine>[];
  final: SnapshotFrom<TMachine>;
}

const stateKey = (snapshot: AnyMachineSnapshot) => JSON.stringify(snapshot.value);
const describeEvent = (e: AnyEventObject) => {
  const { type, ...rest } = e;
  const payload = Object.keys(rest).length ? ` ${JSON.stringify(rest)}` : '';
  return `${type}${payload}`;
};
export const describePath = (p: GeneratedPath) => [p.inputName, ...p.events.map(describeEvent)].join(' → ');

/** Shortest paths to every state, plus one path per edge of the graph (transition coverage). */
export function generatePaths<TMachine extends AnyStateMachine>(spec: ModelSpec<TMachine>): GeneratedPath[] {
  const out = new Map<string, GeneratedPath>();
  for (const { name, input, machine = spec.machine, explore } of spec.inputs) {
    const keyOf = (s: AnyMachineSnapshot) =>
      JSON.stringify({ v: s.value, c: spec.key ? spec.key(s as SnapshotFrom<TMachine>) : s.context });
    const model = new TestModel(machine, {
      input,
      events: (s: AnyMachineSnapshot) => spec.events(s as SnapshotFrom<TMachine>),
      serializeState: keyOf,
      stopWhen: stopOf(explore),
    });
    const shortest = model.getShortestPaths({ allowDuplicatePaths: true });
    const toState = new Map<string, AnyEventObject[]>();
    for (const path of shortest) {
      const events = path.steps.map((s) => s.event).filter((e: AnyEventObject) => e.type !== 'xstate.init');
      toState.set(keyOf(path.state), events);
      add(out, machine, name, input, events);
    }
    // One path per edge: the shortest path to each state, then each event that state takes.
    for (const path of shortest) {
      if (explore && !explore(path.state as SnapshotFrom<TMachine>)) continue;
      const prefix = toState.get(keyOf(path.state))!;
      for (const event of spec.events(path.state as SnapshotFrom<TMachine>)) {
        if ((machine.getTransitionData(path.state, event) ?? []).length)
          add(out, machine, name, input, [...prefix, event]);
      }
    }
  }
  // Drop paths that are a prefix of another path from the same input: every proper prefix of every
  // path is written once as a key, and a path whose whole key is among them goes.
  const all = [...out.values()];
  const keyed = all.map((p) => ({ path: p, steps: [p.inputName, ...p.events.map((e) => JSON.stringify(e))] }));
  const prefixes = new Set<string>();
  for (const { steps } of keyed) for (let n = 1; n < steps.length; n++) prefixes.add(steps.slice(0, n).join('\u0000'));
  return keyed.filter(({ steps }) => !prefixes.has(steps.join('\u0000'))).map(({ path }) => path);
}

/**
 * Transition coverage for the view walks (slower than the actor runs): for every transition of
 * the machine, one path, the shortest prefix to its source and then the transition. Fewer paths
 * than `generatePaths`, which also keeps every shortest path for the fast machine layer.
 */
export function transitionPaths<TMachine extends AnyStateMachine>(spec: ModelSpec<TMachine>): GeneratedPath[] {
  const out = new Map<string, GeneratedPath>();
  const taken = new Set<string>();
  for (const { name, input, machine = spec.machine, explore } of spec.inputs) {
    const keyOf = (s: AnyMachineSnapshot) =>
      JSON.stringify({ v: s.value, c: spec.key ? spec.key(s as SnapshotFrom<TMachine>) : s.context });
    const model = new TestModel(machine, {
      input,
      events: (s: AnyMachineSnapshot) => spec.events(s as SnapshotFrom<TMachine>),
      serializeState: keyOf,
      stopWhen: stopOf(explore),
    });
    const shortest = model
      .getShortestPaths({ allowDuplicatePaths: true })
      .sort((a, b) => a.steps.length - b.steps.length);
    for (const path of shortest) {
      if (explore && !explore(path.state as SnapshotFrom<TMachine>)) continue;
      const prefix = path.steps.map((st) => st.event).filter((e: AnyEventObject) => e.type !== 'xstate.init');
      for (const event of spec.events(path.state as SnapshotFrom<TMachine>)) {
        const transitions: AnyTransitionDefinition[] = machine.getTransitionData(path.state, event) ?? [];
        const fresh = transitions.map(transitionId).filter((id) => !taken.has(id));
        if (!fresh.length) continue;
        for (const id of fresh) taken.add(id);
        add(out, machine, name, input, [...prefix, event]);
      }
    }
  }
  return [...out.values()];
}

/** xstate/graph's `stopWhen` (a snapshot reached but not expanded) from an input's `explore`. */
const stopOf = <TSnapshot>(explore?: (snapshot: TSnapshot) => boolean) =>
  explore ? (snapshot: AnyMachineSnapshot) => !explore(snapshot as TSnapshot) : undefined;

function add(
  out: Map<string, GeneratedPath>,
  machine: AnyStateMachine,
  inputName: string,
  input: unknown,
  events: AnyEventObject[],
) {
  const id = `${inputName}:${events.map(describeEvent).join('|')}`;
  if (out.has(id)) return;
  let snapshot: AnyMachineSnapshot = getInitialSnapshot(machine, input);
  const states = [stateKey(snapshot)];
  const contexts = [snapshot.context];
  for (const event of events) {
    snapshot = getNextSnapshot(machine, snapshot, event);
    states.push(stateKey(snapshot));
    contexts.push(snapshot.context);
  }
  out.set(id, { id, inputName, input, machine, events, states, contexts, final: snapshot });
}

/** Every state node (history excluded) and every transition definition of a machine. */
export function allNodes(machine: AnyStateMachine): AnyStateNode[] {
  const nodes: AnyStateNode[] = [];
  const walk = (node: AnyStateNode) => {
    if (node.type !== 'history') nodes.push(node);
    Object.values(node.states).forEach(walk);
  };
  walk(machine.root);
  return nodes;
}
const transitionId = (t: AnyTransitionDefinition) =>
  `${t.source.id} --${t.eventType}--> ${(t.target ?? []).map((n: AnyStateNode) => n.id).join(',') || '(self)'}#${(t.source.transitions.get(t.eventType) ?? t.source.always ?? []).indexOf(t)}`;

export interface Coverage {
  machine: string;
  states: { total: number; covered: number; missing: string[] };
  transitions: { total: number; covered: number; missing: string[] };
  paths: number;
}

/** Replays every path and reports which states and transitions no path reaches. */
export function coverage<TMachine extends AnyStateMachine>(
  spec: ModelSpec<TMachine>,
  paths: GeneratedPath[],
): Coverage {
  const nodes = allNodes(spec.machine);
  const transitions: AnyTransitionDefinition[] = [];
  for (const node of nodes) {
    for (const list of node.transitions.values()) transitions.push(...list);
    transitions.push(...(node.always ?? []));
  }
  const seenStates = new Set<string>();
  const seenTransitions = new Set<string>();
  const markAlways = (snapshot: AnyMachineSnapshot) => {
    // Eventless transitions are tried in document order and the first enabled one is taken; so of
    // a node just entered, the taken one is the first whose target is now active (the guards of
    // the ones before it were false, or their targets would be active instead).
    for (const node of nodes) {
      if (!node.always?.length || !wasEntered.has(node.id)) continue;
      const taken = node.always.find(
        (t) =>
          t.target?.length &&
          t.target.every((n: AnyStateNode) => snapshot._nodes.some((m: AnyStateNode) => m.id === n.id)),
      );
      if (taken) {
        seenTransitions.add(transitionId(taken));
        seenStates.add(node.id);
      }
    }
  };
  let wasEntered = new Set<string>();
  for (const path of paths) {
    const machine = path.machine ?? spec.machine;
    let snapshot: AnyMachineSnapshot = getInitialSnapshot(machine, path.input);
    wasEntered = new Set(
      nodes.filter((n) => n.always?.length && isInitialChain(spec.machine.root, n)).map((n) => n.id),
    );
    for (const n of snapshot._nodes) seenStates.add(n.id);
    markAlways(snapshot);
    for (const event of path.events) {
      const taken: AnyTransitionDefinition[] = machine.getTransitionData(snapshot, event);
      for (const t of taken ?? []) {
        seenTransitions.add(transitionId(t));
        wasEntered = new Set((t.target ?? []).map((n: AnyStateNode) => n.id));
      }
      snapshot = getNextSnapshot(machine, snapshot, event);
      for (const n of snapshot._nodes) seenStates.add(n.id);
      markAlways(snapshot);
    }
  }
  const stateIds = nodes.map((n) => n.id).filter((id) => !(spec.notHere?.states ?? []).includes(id));
  const excluded = (id: string) => (spec.notHere?.transitions ?? []).some((t) => id.startsWith(t));
  const transitionIds = [...new Set(transitions.map(transitionId))].filter((id) => !excluded(id));
  return {
    machine: spec.name,
    states: {
      total: stateIds.length,
      covered: stateIds.filter((s) => seenStates.has(s)).length,
      missing: stateIds.filter((s) => !seenStates.has(s)),
    },
    transitions: {
      total: transitionIds.length,
      covered: transitionIds.filter((t) => seenTransitions.has(t)).length,
      missing: transitionIds.filter((t) => !seenTransitions.has(t)),
    },
    paths: paths.length,
  };
}

function isInitialChain(root: AnyStateNode, node: AnyStateNode): boolean {
  let current: AnyStateNode | undefined = root;
  while (current && current !== node) {
    const next: AnyStateNode | undefined = current.initial?.target?.[0];
    if (!next) return false;
    current = next;
  }
  return current === node;
}

/** A promise the test settles from outside. */
export interface Deferred<T> {
  promise: Promise<T>;
  resolve: (v: T) => void;
  reject: (e: unknown) => void;
}
export function deferred<T>(): Deferred<T> {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** An invoked actor's call as the fake saw it: which, with what input, and how the path settled it. */
export interface ActorCall {
  src: string;
  input: unknown;
  outcome?: 'done' | 'error';
  output?: unknown;
}

/**
 * Replaces each invoked actor (by `src` name) with a deferred promise; the path's
 * `xstate.done.actor.<id>` / `xstate.error.actor.<id>` events settle the pending one.
 */
export function deferredActors(srcNames: string[], recorded: string[] = []) {
  const pending: { d: Deferred<unknown>; call: ActorCall; signal: AbortSignal }[] = [];
  const calls: ActorCall[] = [];
  const actors: Record<string, unknown> = Object.fromEntries(
    srcNames.map((src) => [
      src,
      fromPromise(async ({ input, signal }) => {
        const call: ActorCall = { src, input };
        calls.push(call);
        const d = deferred<unknown>();
        pending.push({ d, call, signal });
        return d.promise;
      }),
    ]),
  );
  // A recorded child keeps what its parent sends it; the path itself says what it reports.
  for (const src of recorded)
    actors[src] = fromCallback(({ receive }) => {
      receive((event) => {
        calls.push({ src, input: event });
      });
    });
  return {
    actors,
    calls,
    async settle(event: AnyEventObject) {
      // An invocation the machine replaced (a newer check, a newer lookup) never answers: the path's answer is the live one's.
      while (pending.length && pending[0].signal.aborted) pending.shift();
      const next = pending.shift();
      if (!next) throw new Error(`no invocation pending for ${event.type}`);
      if (event.type.startsWith('xstate.done.actor.')) {
        next.call.outcome = 'done';
        next.call.output = event.output;
        next.d.resolve(event.output);
      } else {
        next.call.outcome = 'error';
        next.d.reject(event.error);
      }
      await tick();
    },
  };
}

/** One turn of the event loop: a settled call's answer reaches the actor before the next step. */
const tick = () => new Promise<void>((r) => setImmediate(r));

/**
 * What a machine-layer expectation reads: the path's input (the model's own, as the test gave it), the
 * actor's snapshot, the calls it made, the events so far.
 */
export interface ActorProbe<TMachine extends AnyStateMachine = AnyStateMachine> {
  input: InputFrom<TMachine>;
  snapshot: SnapshotFrom<TMachine>;
  calls: CallOf<TMachine>[];
  events: AnyEventObject[];
  step: number;
  /** The timers the actor has pending (with a model's `clock`; empty otherwise). */
  timers: PendingTimer[];
}

/** The actors a machine declares (its `setup({ actors })`): a union of `{ src, logic }`. */
type ActorsOf<TMachine> =
  TMachine extends StateMachine<
    infer _C,
    infer _E,
    infer _Ch,
    infer TActor,
    infer _A,
    infer _G,
    infer _D,
    infer _V,
    infer _T,
    infer _I,
    infer _O,
    infer _Em,
    infer _M,
    infer _S,
    infer _TM
  >
    ? TActor
    : never;
/**
 * A call to one of the machine's invoked actors, typed by what that actor takes and answers: checking
 * `src` tells them apart. (A recorded child's calls hold the events its parent sent it.)
 */
export type CallOf<TMachine extends AnyStateMachine> =
  ActorsOf<TMachine> extends infer TActor
    ? TActor extends { src: infer TSrc extends string; logic: infer TLogic extends AnyActorLogic }
      ? { src: TSrc; input: InputFrom<TLogic>; outcome?: 'done' | 'error'; output?: OutputFrom<TLogic> }
      : never
    : never;

/** Runs the spec's expectations of the state reached; a failure names the state and what the spec says. */
export async function checkExpectations(
  spec: Pick<ModelSpec, 'expectations'>,
  state: string,
  layer: 'actor' | 'view',
  probe: unknown,
) {
  for (const expectation of spec.expectations?.[state] ?? []) {
    const check = expectation[layer] as ((probe: unknown) => void | Promise<void>) | undefined;
    if (!check) continue;
    try {
      await check(probe);
    } catch (error) {
      throw new Error(`En ${state} el spec dice: «${expectation.says}». No se cumple: ${(error as Error).message}`);
    }
  }
}

/**
 * Drives a real actor along a path; answers the state value after each step. With a model
 * spec, the spec's expectations of each state reached are checked at every step.
 */
export async function runOnActor(
  machine: AnyStateMachine,
  path: GeneratedPath,
  srcNames: string[],
  actions: Record<string, unknown> = {},
  spec?: Pick<ModelSpec, 'expectations' | 'recordedChildren' | 'recordedActions' | 'clock'>,
) {
  const fakes = deferredActors(srcNames, spec?.recordedChildren);
  const given = actions as Record<string, ((...args: unknown[]) => void) | undefined>;
  actions = { ...actions };
  for (const name of spec?.recordedActions ?? [])
    actions[name] = (args: unknown, params: unknown) => {
      fakes.calls.push({ src: name, input: params });
      given[name]?.(args, params);
    };
  spec?.clock?.setNow(spec.clock.start);
  const clock = spec?.clock ? manualClock(spec.clock.setNow) : undefined;
  const actor = createActor(
    machine.provide({ actors: fakes.actors, actions } as Parameters<typeof machine.provide>[0]),
    { input: path.input as InputFrom<typeof machine>, ...(clock ? { clock } : {}) },
  );
  // A machine that throws (an action, an invoke's input) fails the path instead of escaping the test.
  let failure: unknown;
  actor.subscribe({
    error: (error) => {
      failure ??= error;
    },
  });
  const failed = () => {
    if (failure) throw new Error(`la máquina falló: ${(failure as Error).message ?? String(failure)}`);
  };
  actor.start();
  await tick();
  failed();
  const seen = [stateKey(actor.getSnapshot())];
  if (spec)
    await checkExpectations(spec, seen[0], 'actor', {
      input: path.input,
      snapshot: actor.getSnapshot(),
      calls: fakes.calls,
      events: [],
      step: 0,
      timers: clock?.pending() ?? [],
    } satisfies ActorProbe);
  for (const [i, event] of path.events.entries()) {
    const fires = spec?.clock?.fires[event.type];
    if (fires && clock) {
      const snapshot = actor.getSnapshot();
      clock.fire((t) => fires(t, snapshot));
    } else if (event.type.startsWith('xstate.done.actor.') || event.type.startsWith('xstate.error.actor.'))
      await fakes.settle(event);
    else actor.send(event);
    await tick();
    failed();
    const state = stateKey(actor.getSnapshot());
    seen.push(state);
    if (spec)
      await checkExpectations(spec, state, 'actor', {
        input: path.input,
        snapshot: actor.getSnapshot(),
        calls: fakes.calls,
        events: path.events.slice(0, i + 1),
        step: i + 1,
        timers: clock?.pending() ?? [],
      } satisfies ActorProbe);
  }
  const snapshot = actor.getSnapshot();
  actor.stop();
  return { seen, snapshot, calls: fakes.calls };
}

/** True when a state value (as the expectations key it) has the state at `path` active. */
export function valueHas(value: unknown, path: readonly string[]): boolean {
  if (!path.length) return true;
  const [head, ...rest] = path;
  if (typeof value === 'string') return rest.length === 0 && value === head;
  if (value && typeof value === 'object' && head! in value)
    return valueHas((value as Record<string, unknown>)[head!], rest);
  return false;
}

export interface OracleCoverage {
  machine: string;
  total: number;
  /** States with an expectation checked on the actor (theirs, or one of a state inside them). */
  withExpectation: string[];
  /** States with an expectation checked on the rendered screen. */
  withView: string[];
  /** States with a written reason instead. */
  withReason: Record<string, string>;
  /** States with neither. */
  missing: string[];
}

/**
 * Which states carry an expectation written from the spec: a state counts when an expectation on
 * the actor is declared for a state value in which it is active; otherwise the model must say why
 * (`noExpectation`).
 */
export function oracleCoverage(
  spec: Pick<ModelSpec, 'name' | 'machine' | 'expectations' | 'noExpectation' | 'notHere'>,
): OracleCoverage {
  const entries = Object.entries(spec.expectations ?? {}).map(([key, list]) => ({
    value: JSON.parse(key) as unknown,
    list,
  }));
  const out: OracleCoverage = {
    machine: spec.name,
    total: 0,
    withExpectation: [],
    withView: [],
    withReason: {},
    missing: [],
  };
  for (const node of allNodes(spec.machine)) {
    if ((spec.notHere?.states ?? []).includes(node.id)) continue;
    const name = node.path.join('.') || '(máquina)';
    out.total += 1;
    const here = entries.filter((e) => valueHas(e.value, node.path)).flatMap((e) => e.list);
    if (here.some((e) => e.view)) out.withView.push(name);
    if (here.some((e) => e.actor)) out.withExpectation.push(name);
    else if (spec.noExpectation?.[name]) out.withReason[name] = spec.noExpectation[name]!;
    else out.missing.push(name);
  }
  return out;
}
