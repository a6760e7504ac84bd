import { createContext, useContext, useEffect } from 'react';

/**
 * Whether the page is the tab in view. Kept-alive tabs stay mounted while hidden: a page that polls
 * asks this, so a tab left open in the background does not keep the server busy.
 */
export const PageActiveContext = createContext(true);
PageActiveContext.displayName = 'PageActive';

export const usePageActive = (): boolean => useContext(PageActiveContext);

/**
 * Calls `run` when the page is first drawn in view and each time its tab is shown again. A component
 * of its own, drawing nothing: only it renders again as the tab is hidden or shown, not the page that
 * holds it (a hook would render the whole page, hidden, at each such change).
 */
export function WhenShown({ run }: { run: () => void }): null {
  const active = usePageActive();
  useEffect(() => { if (active) run(); }, [active, run]);
  return null;
}
