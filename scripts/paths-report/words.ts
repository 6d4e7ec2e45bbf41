/**
 * A path in QA's words: each event as the model describes it (`describeEvent`), or, where a
 * model has no words yet, a summary of the event that never prints raw JSON.
 */
import type { AnyEventObject } from 'xstate';
import type { ModelSpec } from '../../specs/support/model-paths.js';
import { shortEvent } from './diagram.js';

const summarize = (value: unknown): string => {
  if (value === null || value === undefined) return 'nada';
  if (Array.isArray(value)) return value.length ? `una lista de ${value.length}` : 'una lista vacía';
  if (typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if ('error_description' in o) return `'${String(o.error_description)}'`;
    if ('body' in o && o.body && typeof o.body === 'object' && 'error_description' in (o.body as object)) {
      return `${o.status ?? ''} '${String((o.body as Record<string, unknown>).error_description)}'`.trim();
    }
    if ('kind' in o && o.kind === 'network') return 'un fallo de red';
    if ('content' in o && Array.isArray(o.content))
      return o.content.length ? `una página con ${o.content.length} filas` : 'una página vacía';
    const keys = Object.keys(o);
    return keys.length ? `datos (${keys.slice(0, 4).join(', ')}${keys.length > 4 ? '…' : ''})` : 'datos vacíos';
  }
  if (typeof value === 'string') return value.length > 24 ? `un texto de ${value.length} caracteres` : `'${value}'`;
  return String(value);
};

export function eventInWords(model: ModelSpec, event: AnyEventObject): string {
  const words = model.describeEvent?.(event);
  if (words && words !== event.type) return words;
  const { type, ...payload } = event;
  if (type.startsWith('xstate.done.actor.')) return `${shortEvent(type)} con ${summarize(payload.output)}`;
  if (type.startsWith('xstate.error.actor.')) return `${shortEvent(type)}: ${summarize(payload.error)}`;
  const parts = Object.entries(payload).map(([k, v]) =>
    k === 'name' || k === 'value' || k === 'portal' || k === 'page' ? `${k} ${summarize(v)}` : k,
  );
  return parts.length ? `${type} (${parts.join(', ')})` : type;
}

/** What the spec says holds in a state, as the model declares it. */
export function expectationsOf(model: ModelSpec, state: string): string[] {
  return (model.expectations?.[state] ?? []).map((e) => e.says);
}
