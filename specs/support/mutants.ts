/**
 * Generated mutants: for every transition of a machine, a copy in which that transition drops its
 * actions, goes to a sibling of its target, or has its guard inverted. Each mutant's paths are
 * generated as for the real machine and run against the model's spec expectations; a mutant is
 * killed when some path fails one of them (or the broken machine cannot run at all).
 */
import { createMachine, not, type AnyStateMachine, type AnyStateNode, type AnyTransitionDefinition } from 'xstate';
import { generatePaths, runOnActor, valueHas, type GeneratedPath, type ModelSpec } from './model-paths.js';

type Kind = 'sin acciones' | 'otro destino' | 'guarda invertida';

export interface Mutant {
  /** 'askingReason · reason.submit #1: guarda invertida'. */
  id: string;
  kind: Kind;
  /** The transition, in words: where from, on what, and what changed. */
  description: string;
  machine: AnyStateMachine;
  /** The state the broken transition leaves: a path that never is there runs as on the real machine. */
  source: readonly string[];
  /**
   * The event the broken transition is taken on (an `on` key, wildcards included, or an invoked
   * actor's done or error event): a path that never sends it while in `source` runs as on the real
   * machine. Null when the transition is taken without a sent event (eventless, a delay, a final child).
   */
  event: string | null;
}

export interface MutantResult {
  id: string;
  kind: Kind;
  description: string;
  killed: boolean;
  /** The sentence of the spec that failed, or how the broken machine failed to run. */
  by?: string;
}

// A machine's config is xstate's untyped JSON: a mutation edits it by position.
type Json = Record<string, unknown>;
type TransitionConfig = Json & { target?: unknown; actions?: unknown; guard?: unknown };

const toList = (value: unknown): unknown[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);
const asTransition = (value: unknown): TransitionConfig =>
  typeof value === 'string' ? { target: value } : { ...(value as TransitionConfig) };

/** Deep copy of a machine config: plain objects and arrays copied, functions kept. */
function cloneConfig<T>(value: T): T {
  if (Array.isArray(value)) return value.map(cloneConfig) as T;
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, cloneConfig(v)])) as T;
  return value;
}

/** A place in a config holding a list of transitions, and the resolved transitions it became. */
interface Slot {
  where: string;
  event: string;
  /** The event a path sends to take it; null for eventless, delayed and state-done transitions. */
  sent: string | null;
  resolved: AnyTransitionDefinition[];
  get: (config: Json) => unknown[];
  set: (config: Json, list: TransitionConfig[]) => void;
}

/** The config object of the state at `path` inside a (cloned) machine config. */
const nodeConfig = (config: Json, path: readonly string[]): Json =>
  path.reduce<Json>((c, key) => (c.states as Record<string, Json>)[key]!, config);

/** Every transition list of the machine, in the order xstate resolves them (on, onDone, invoke, after, always). */
function slotsOf(machine: AnyStateMachine): Slot[] {
  const slots: Slot[] = [];
  const walk = (node: AnyStateNode) => {
    const path = node.path;
    const where = path.join('.') || '(máquina)';
    const cfg = node.config as Json;
    for (const key of Object.keys((cfg.on as Json | undefined) ?? {})) {
      slots.push({
        where,
        event: key,
        sent: key,
        resolved: node.transitions.get(key) ?? [],
        get: (c) => toList((nodeConfig(c, path).on as Json)[key]),
        set: (c, list) => {
          (nodeConfig(c, path).on as Json)[key] = list;
        },
      });
    }
    if (cfg.onDone) {
      const event = `xstate.done.state.${node.id}`;
      slots.push({
        where,
        event,
        sent: null,
        resolved: node.transitions.get(event) ?? [],
        get: (c) => toList(nodeConfig(c, path).onDone),
        set: (c, list) => {
          nodeConfig(c, path).onDone = list;
        },
      });
    }
    node.invoke.forEach((def: { id: string }, k: number) => {
      for (const [field, prefix] of [
        ['onDone', 'xstate.done.actor.'],
        ['onError', 'xstate.error.actor.'],
      ] as const) {
        const invokeOf = (c: Json) => toList(nodeConfig(c, path).invoke)[k] as Json;
        if (!(toList(cfg.invoke)[k] as Json | undefined)?.[field]) continue;
        const event = `${prefix}${def.id}`;
        const onKeys = Object.keys((cfg.on as Json | undefined) ?? {});
        slots.push({
          where,
          event,
          sent: event,
          // Transitions on the same event in `on` come first.
          resolved: (node.transitions.get(event) ?? []).slice(
            onKeys.includes(event) ? toList((cfg.on as Json)[event]).length : 0,
          ),
          get: (c) => toList(invokeOf(c)[field]),
          set: (c, list) => {
            invokeOf(c)[field] = list;
          },
        });
      }
    });
    const after = (cfg.after as Json | undefined) ?? {};
    let offset = 0;
    for (const delay of Object.keys(after)) {
      const count = toList(after[delay]).length;
      const resolved = node.after.slice(offset, offset + count);
      offset += count;
      slots.push({
        where,
        event: `después de ${delay}`,
        sent: null,
        resolved,
        get: (c) => toList((nodeConfig(c, path).after as Json)[delay]),
        set: (c, list) => {
          (nodeConfig(c, path).after as Json)[delay] = list;
        },
      });
    }
    if (cfg.always)
      slots.push({
        where,
        event: '(sin evento)',
        sent: null,
        resolved: node.always ?? [],
        get: (c) => toList(nodeConfig(c, path).always),
        set: (c, list) => {
          nodeConfig(c, path).always = list;
        },
      });
    for (const child of Object.values(node.states) as AnyStateNode[]) walk(child);
  };
  walk(machine.root);
  return slots;
}

const nameOf = (node: AnyStateNode) => node.path.join('.') || '(máquina)';

/**
 * The sibling a retargeted transition goes to: the next state after the target in document order.
 * An eventless transition never goes to its own state or to another eventless one (it would loop
 * without an event).
 */
function siblingOf(t: AnyTransitionDefinition): AnyStateNode | undefined {
  const target = (t.target ?? [])[0] as AnyStateNode | undefined;
  if (!target?.parent) return undefined;
  const eventless = t.eventType === '';
  const siblings = (Object.values(target.parent.states) as AnyStateNode[]).filter(
    (n) =>
      n.type !== 'history' &&
      n !== target &&
      !(eventless && (n === t.source || n.always?.length || t.source.path.join('.').startsWith(n.path.join('.')))),
  );
  if (!siblings.length) return undefined;
  const order = Object.values(target.parent.states) as AnyStateNode[];
  const at = order.indexOf(target);
  return [...siblings].sort(
    (a, b) =>
      ((order.indexOf(a) - at + order.length) % order.length) - ((order.indexOf(b) - at + order.length) % order.length),
  )[0];
}

/** Every mutant of a machine: per transition, without its actions, to a sibling target, with its guard inverted. */
export function mutantsOf(machine: AnyStateMachine): Mutant[] {
  const slots = slotsOf(machine);
  const out: Mutant[] = [];
  slots.forEach((slot, s) => {
    const configs = slot.get(machine.config as Json);
    if (configs.length !== slot.resolved.length)
      throw new Error(`${slot.where} ${slot.event}: config and machine disagree`);
    slot.resolved.forEach((t, i) => {
      const label = `${slot.where} · ${slot.event}${slot.resolved.length > 1 ? ` #${i + 1}` : ''}`;
      const build = (kind: Kind, description: string, edit: (t: TransitionConfig) => void) => {
        const config = cloneConfig(machine.config) as Json;
        const list = slotsOf(machine)[s]!.get(config).map(asTransition);
        edit(list[i]!);
        slots[s]!.set(config, list);
        out.push({
          id: `${label}: ${kind}`,
          kind,
          description,
          // A state left at once (eventless) never shows in a path's states: every path may pass it.
          source: t.source.always?.length ? [] : t.source.path,
          event: slot.sent,
          machine: createMachine(config as never, machine.implementations as never) as AnyStateMachine,
        });
      };
      if (t.actions.length)
        build('sin acciones', `${label} no ejecuta sus acciones`, (c) => {
          delete c.actions;
        });
      const sibling = siblingOf(t);
      if (sibling)
        build(
          'otro destino',
          `${label} va a ${nameOf(sibling)} en vez de ${nameOf((t.target ?? [])[0] as AnyStateNode)}`,
          (c) => {
            c.target = `#${sibling.id}`;
          },
        );
      if (t.guard)
        build('guarda invertida', `${label} con la guarda invertida`, (c) => {
          c.guard = not(c.guard as never);
        });
    });
  });
  return out;
}

/** Whether an event type is one an `on` key (`*`, `row.*` or a name) is taken on. */
const takenOn = (key: string, type: string) =>
  key === '*' || (key.endsWith('.*') ? type.startsWith(key.slice(0, -1)) : type === key);

/**
 * Whether the path can take the broken transition: it is in the transition's state when it sends
 * the transition's event (or, for one taken without a sent event, it is ever in that state). A
 * path that cannot runs exactly as on the real machine, which it passes: it is not run.
 */
function exercises(path: GeneratedPath, mutant: Mutant, sentByPaths: boolean): boolean {
  const { source, event } = mutant;
  if (event === null || !sentByPaths) return path.states.some((state) => valueHas(stateValue(state), source));
  return path.events.some((e, i) => takenOn(event, e.type) && valueHas(stateValue(path.states[i]!), source));
}

/** State values parsed once: every mutant of a machine reads the same paths. */
const parsedStates = new Map<string, unknown>();
const stateValue = (json: string) => {
  if (!parsedStates.has(json)) parsedStates.set(json, JSON.parse(json));
  return parsedStates.get(json);
};

/**
 * Runs the model's generated paths (those that pass through the broken transition's state) on a
 * mutant, checking the spec's expectations at each step, until one fails. The paths are the real
 * machine's: what a tester would run. A path the mutant cannot follow (it waits for no call the
 * path answers) stops there without a verdict.
 */
export async function runMutant(model: ModelSpec, mutant: Mutant, paths: GeneratedPath[]): Promise<MutantResult> {
  const { id, kind, description } = mutant;
  const run = model.run ?? { actors: [] };
  // An event no path sends is raised inside the machine or sent by a child: any path through the
  // state may take it.
  const event = mutant.event;
  const sentByPaths = event !== null && paths.some((p) => p.events.some((e) => takenOn(event, e.type)));
  const through = paths.filter((p) => exercises(p, mutant, sentByPaths));
  for (const path of through) {
    try {
      await runOnActor(mutant.machine, { ...path, machine: mutant.machine }, run.actors, run.actions ?? {}, model);
    } catch (error) {
      const message = (error as Error).message;
      if (message.startsWith('no invocation pending') || message.startsWith('no such timer is pending')) continue;
      // Only a spec expectation or a machine that cannot run kills; anything else is the harness's fault.
      if (!message.startsWith('En ') && !message.startsWith('la máquina falló')) throw error;
      return { id, kind, description, killed: true, by: message.split('\n')[0] };
    }
  }
  return { id, kind, description, killed: false };
}

/** Every mutant of the model's machine, run on the model's generated paths. */
export async function mutationScore(model: ModelSpec) {
  const paths = generatePaths(model);
  const results: MutantResult[] = [];
  for (const mutant of mutantsOf(model.machine)) results.push(await runMutant(model, mutant, paths));
  const killed = results.filter((r) => r.killed).length;
  return { machine: model.name, total: results.length, killed, results, survivors: results.filter((r) => !r.killed) };
}
