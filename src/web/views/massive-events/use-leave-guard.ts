import { useEffect } from 'react';

/**
 * While the wizard's session is active, leaving asks first. A reload or a closed tab
 * gets the browser's own question (beforeunload); a link of the page (the menu) and the browser's
 * back are held and told to the wizard as `leave.request`, which asks '¿Seguro que deseas salir?'.
 */
export function useLeaveGuard(active: boolean, request: (to: string) => void) {
  useEffect(() => {
    if (!active) return undefined;
    const unload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    const click = (e: MouseEvent) => {
      const link = (e.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
      if (!link || link.target === '_blank' || link.hasAttribute('download') || link.origin !== window.location.origin)
        return;
      if (link.closest('[data-wizard]')) return;
      e.preventDefault();
      e.stopPropagation();
      request(link.pathname + link.search);
    };
    // Back: the entry pushed on arrival is popped; it is pushed again and the wizard asks.
    window.history.pushState({ wizardGuard: true }, '');
    const pop = () => {
      window.history.pushState({ wizardGuard: true }, '');
      request('/massiveEvents');
    };
    window.addEventListener('beforeunload', unload);
    document.addEventListener('click', click, true);
    window.addEventListener('popstate', pop);
    return () => {
      window.removeEventListener('beforeunload', unload);
      document.removeEventListener('click', click, true);
      window.removeEventListener('popstate', pop);
    };
  }, [active, request]);
}
