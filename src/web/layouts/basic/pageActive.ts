import { createContext, useContext } from 'react';

/**
 * Whether the page is the tab in view. Kept-alive tabs stay mounted while hidden: a page that polls
 * asks this, so a tab left open in the background does not keep the server busy.
 */
export const PageActiveContext = createContext(true);

export const usePageActive = (): boolean => useContext(PageActiveContext);
