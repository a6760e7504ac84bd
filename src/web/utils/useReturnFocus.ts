import { useEffect, useRef } from 'react';

/**
 * Gives the focus back to what had it when a dialog mounted (the link or button that opened it) once
 * the dialog unmounts: a dialog its parent removes on close is gone before antd would return the focus
 * itself, and a keyboard user was left at the top of the page (WCAG 2.4.3). Nothing happens if the
 * opener is gone (its row reloaded away) or the focus went somewhere on purpose.
 */
export function useReturnFocus(): void {
  // Read while rendering: by the time effects run, the dialog has taken the focus already.
  const opener = useRef(typeof document === 'undefined' ? null : document.activeElement as HTMLElement | null);
  useEffect(() => {
    const el = opener.current;
    return () => {
      setTimeout(() => {
        const lost = !document.activeElement || document.activeElement === document.body;
        if (lost && el?.isConnected) el.focus();
      });
    };
  }, []);
}
