import type { SystemContext } from '@chakra-ui/react';
import { lazy, useSyncExternalStore, type ComponentType } from 'react';
import { firstScreenSystem } from './first-screen-theme.js';

let current: SystemContext = firstScreenSystem;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

/**
 * Loads the system of every other screen (`theme.ts`) once and switches the app to it. Both
 * systems share the tokens and global styles, so what is already shown keeps its look.
 */
export function loadFullTheme(): Promise<void> {
  loading ??= import('./theme.js').then(({ system }) => {
    current = system;
    for (const listener of listeners) listener();
  });
  return loading;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The system the app renders with: the first screen's until the full one has loaded. */
export function useSystem(): SystemContext {
  return useSyncExternalStore(subscribe, () => current);
}

/**
 * A lazily loaded component that shows only once the full system is in place, for every screen
 * and dialog outside the first screen.
 */
export function lazyWithTheme<P>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => {
    const [component] = await Promise.all([load(), loadFullTheme()]);
    return { default: component };
  });
}
