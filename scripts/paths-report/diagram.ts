/**
 * A machine's state diagram as Mermaid text, generated from the machine definition: states
 * (nested ones inside their parent), initial and final states, every transition with its event,
 * eventless transitions, and each invoked actor as a note, so parent and child show together.
 */
import type { AnyStateMachine, AnyStateNode } from 'xstate';

const name = (node: AnyStateNode) => (node.path.length ? node.path.join('__').replace(/[^A-Za-z0-9_]/g, '_') : 'root');
const label = (text: string) => text.replace(/[:;#]/g, ' ').replace(/\s+/g, ' ').trim();

export function mermaidOf(machine: AnyStateMachine): string {
  const lines = ['stateDiagram-v2'];
  const walk = (node: AnyStateNode, indent: string) => {
    const children = Object.values(node.states) as AnyStateNode[];
    const initial = node.initial?.target?.[0] as AnyStateNode | undefined;
    if (initial) lines.push(`${indent}[*] --> ${name(initial)}`);
    for (const child of children) {
      if (child.type === 'history') continue;
      lines.push(`${indent}state "${label(child.key)}" as ${name(child)}`);
      if (Object.keys(child.states).length) {
        lines.push(`${indent}state ${name(child)} {`);
        walk(child, `${indent}  `);
        lines.push(`${indent}}`);
      }
      if (child.type === 'final') lines.push(`${indent}${name(child)} --> [*]`);
      for (const invoke of child.invoke ?? []) {
        const src = typeof invoke.src === 'string' ? invoke.src : invoke.id;
        lines.push(`${indent}note right of ${name(child)} : invoca ${label(String(src))}`);
      }
    }
    for (const child of children) {
      for (const list of child.transitions.values())
        for (const t of list) {
          for (const target of (t.target ?? []) as AnyStateNode[]) {
            lines.push(
              `${indent}${name(child)} --> ${name(target)} : ${label(shortEvent(t.eventType))}${guardOf(t.guard)}`,
            );
          }
        }
      for (const t of child.always ?? [])
        for (const target of (t.target ?? []) as AnyStateNode[]) {
          lines.push(`${indent}${name(child)} --> ${name(target)} : (sin evento)${guardOf(t.guard)}`);
        }
    }
  };
  walk(machine.root, '  ');
  return lines.join('\n');
}

/** `xstate.done.actor.load` as 'load responde', `xstate.error.actor.load` as 'load falla'. */
export function shortEvent(type: string) {
  const done = type.match(/^xstate\.done\.actor\.(.+)$/);
  if (done) return `${done[1]} responde`;
  const error = type.match(/^xstate\.error\.actor\.(.+)$/);
  if (error) return `${error[1]} falla`;
  return type;
}

/** A transition's guard by its name ('[si reasonBlank]'); an inline guard shows as 'si (en línea)'. */
function guardOf(guard: unknown): string {
  if (!guard) return '';
  if (typeof guard === 'string') return ` [si ${label(guard)}]`;
  if (typeof guard === 'object' && guard && 'type' in guard)
    return ` [si ${label(String((guard as { type: string }).type))}]`;
  return ' [si (en línea)]';
}
