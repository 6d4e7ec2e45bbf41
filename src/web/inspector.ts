/**
 * The Stately inspector in development (README, QA): `npm run dev` and open a screen with
 * `?inspect` in the URL, or start Vite with VITE_INSPECT=1. Every root actor the web creates
 * passes its options through `inspected(...)`, so the inspector sees them, their children and
 * their events. In a production build `import.meta.env.DEV` is false: `startInspector` does
 * nothing and Vite drops the dynamic import, so the package never reaches the bundle.
 */
import type { InspectionEvent } from 'xstate';

let observer: ((event: InspectionEvent) => void) | undefined;

declare global {
  interface Window {
    /** Development only: how many events the inspector has seen. */
    __portonInspected?: number;
    /** Development only: the ids of the actors seen (parents and children). */
    __portonActors?: string[];
  }
}

/** Opens the inspector when development asks for it; resolves once it is ready (or at once). */
export async function startInspector(): Promise<void> {
  if (!import.meta.env.DEV) return;
  const wanted = new URLSearchParams(window.location.search).has('inspect') || import.meta.env.VITE_INSPECT === '1';
  if (!wanted) return;
  const { createBrowserInspector } = await import('@statelyai/inspect');
  const inspector = createBrowserInspector({ autoStart: true });
  // The count of inspected events and the ids of the actors seen (parents and children) are on
  // `window` (development only), for a quick check in the console, also when stately.ai is out of reach.
  const actors: string[] = [];
  window.__portonInspected = 0;
  window.__portonActors = actors;
  observer = (event) => {
    window.__portonInspected = (window.__portonInspected ?? 0) + 1;
    const { actorRef } = event;
    const id = 'id' in actorRef && typeof actorRef.id === 'string' ? actorRef.id : 'actor';
    if (!actors.includes(id)) actors.push(id);
    inspector.inspect.next?.(event);
  };
}

/** A root actor's options, with the inspector when it runs. */
export function inspected<T extends object>(options: T): T & { inspect?: (event: InspectionEvent) => void } {
  return observer ? { ...options, inspect: observer } : options;
}
