/** Runs `run` once the browser is idle; answers a function that cancels it if it has not run yet. */
export type Idle = (run: () => void) => () => void;

export const whenIdle: Idle = (run) => {
  if (typeof requestIdleCallback === 'function') {
    // No deadline: evaluating a large chunk must never land in the middle of what the user is doing.
    const id = requestIdleCallback(run);
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(run, 50);
  return () => clearTimeout(id);
};
