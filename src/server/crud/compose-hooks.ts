import type { CrudHooks } from './hooks.js';

/* eslint-disable @typescript-eslint/no-explicit-any */
type AnyHook = (...args: any[]) => Promise<void> | void;

const BEFORE: (keyof CrudHooks)[] = ['beforeAdd', 'beforeEdit', 'beforeDelete', 'beforeTransition'];
const AFTER: (keyof CrudHooks)[] = ['afterAdd', 'afterEdit', 'afterDelete', 'afterTransition', 'decorate'];

function chain(sets: CrudHooks[], name: keyof CrudHooks): AnyHook | undefined {
  const fns = sets.filter((s) => s[name]).map((s) => [s, s[name] as AnyHook] as const);
  if (!fns.length) return undefined;
  return async (...args: unknown[]) => {
    for (const [owner, fn] of fns) await fn.apply(owner, args);
  };
}

/**
 * The engine's own behaviour (tree, sub tables) and a page's named module as one hook set, all in
 * the write's transaction. The module wraps the engine: its before-hooks run first (it may refine
 * the values or refuse with its own message), its after-hooks and decorate run last (it sees what
 * the engine wrote).
 */
export function composeHooks(engine: (CrudHooks | undefined)[], module: CrudHooks = {}): CrudHooks {
  const own = engine.filter((s): s is CrudHooks => !!s);
  const out: Record<string, unknown> = {};
  for (const name of BEFORE) out[name] = chain([module, ...own], name);
  for (const name of AFTER) out[name] = chain([...own, module], name);
  // Only a page's module knows who may read which rows; the engine's own behaviour never narrows them.
  if (module.scope) out.scope = module.scope.bind(module);
  if (module.reshape) out.reshape = module.reshape.bind(module);
  if (module.queryConditions) out.queryConditions = module.queryConditions.bind(module);
  return Object.fromEntries(Object.entries(out).filter(([, fn]) => fn)) as CrudHooks;
}
