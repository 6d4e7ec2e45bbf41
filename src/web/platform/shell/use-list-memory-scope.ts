import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { forgetListMemoriesOutside } from '../session/list-memory.js';

/**
 * The shell watches the route: a list's remembered page and search are dropped as soon as the
 * route leaves the list's scope (src/shared/platform/list-memory-rules.ts).
 */
export function useListMemoryScope() {
  const { pathname } = useLocation();
  useEffect(() => {
    forgetListMemoriesOutside(pathname);
  }, [pathname]);
}
