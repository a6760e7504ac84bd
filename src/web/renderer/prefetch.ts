/**
 * Answers asked for ahead of the component that will need them (a page's schema and first rows,
 * requested as the navigation starts rather than after the page has drawn). Each answer is taken
 * once, so a page opened again later asks afresh; one nobody takes is dropped after `keepMs`.
 */
export interface PrefetchStore<T> {
  /** Starts `load` under `key` unless an answer for it is already on its way. */
  start(key: string, load: () => Promise<T>): void;
  /** The answer for `key` (settled or not), handed over once. */
  take(key: string): Promise<T> | undefined;
  /**
   * The answer for `key` if it has already arrived, left in place (until taken or dropped): lets a
   * page draw it in its first render, which React may throw away and run again (a part of the page
   * still loading its code), so reading it must not use it up.
   */
  arrived(key: string): T | undefined;
  /** The answer for `key` while it is still on its way, left in place (undefined once arrived, or never asked). */
  pending(key: string): Promise<T> | undefined;
}

export function prefetchStore<T>(keepMs = 10_000): PrefetchStore<T> {
  const entries = new Map<string, { promise: Promise<T>; arrived?: { value: T }; timer: ReturnType<typeof setTimeout> }>();
  const drop = (key: string) => {
    const entry = entries.get(key);
    if (entry) clearTimeout(entry.timer);
    entries.delete(key);
    return entry;
  };
  return {
    start(key, load) {
      if (entries.has(key)) return;
      const promise = load();
      const entry = { promise, timer: setTimeout(() => entries.delete(key), keepMs) } as { promise: Promise<T>; arrived?: { value: T }; timer: ReturnType<typeof setTimeout> };
      // A failed prefetch is forgotten: the page asks again itself and shows that failure.
      promise.then((value) => { entry.arrived = { value }; }, () => { if (entries.get(key) === entry) drop(key); });
      entries.set(key, entry);
    },
    take: (key) => drop(key)?.promise,
    arrived: (key) => entries.get(key)?.arrived?.value,
    pending: (key) => { const entry = entries.get(key); return entry && !entry.arrived ? entry.promise : undefined; },
  };
}
