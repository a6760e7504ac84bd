import { useEffect, useRef } from 'react';

/** Rows of a table that changed, as a live notice said (a submission, a return, an assignment…). */
export interface RecordsChanged {
  table: string;
  ids: string[];
}

const EVENT = 'live-records-changed';

/** Tells every open page that rows of `table` changed: lists drawing them reload. */
export function announceRecordsChanged(change: RecordsChanged): void {
  window.dispatchEvent(new CustomEvent<RecordsChanged>(EVENT, { detail: change }));
}

/**
 * Calls `onChange` when a live notice is about rows of `table` (any table when null): an open list
 * shows the new state of the row a notice is about without a reload (issue 37, live rows).
 */
export function useRecordsChanged(table: string | null, onChange: (change: RecordsChanged) => void): void {
  const latest = useRef(onChange);
  latest.current = onChange;
  useEffect(() => {
    const listener = (e: Event) => {
      const change = (e as CustomEvent<RecordsChanged>).detail;
      if (table === null || change.table === table) latest.current(change);
    };
    window.addEventListener(EVENT, listener);
    return () => window.removeEventListener(EVENT, listener);
  }, [table]);
}
