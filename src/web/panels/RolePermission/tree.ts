import type { PermissionNode } from './api';

const kids = (n: PermissionNode) => n.children ?? [];

function walk(nodes: PermissionNode[], visit: (n: PermissionNode) => void): void {
  for (const n of nodes) { visit(n); walk(kids(n), visit); }
}

export function allKeys(nodes: PermissionNode[]): string[] {
  const keys: string[] = [];
  walk(nodes, (n) => keys.push(n.key));
  return keys;
}

/** Keys of the nodes that have children: what 展开所有 expands. */
export function parentKeys(nodes: PermissionNode[]): string[] {
  const keys: string[] = [];
  walk(nodes, (n) => { if (kids(n).length) keys.push(n.key); });
  return keys;
}

/** The leaves among `keys`: in linked mode (父子关联) the parents follow from them. */
export function leafKeysOf(nodes: PermissionNode[], keys: string[]): string[] {
  const wanted = new Set(keys);
  const leaves: string[] = [];
  walk(nodes, (n) => { if (!kids(n).length && wanted.has(n.key)) leaves.push(n.key); });
  return leaves;
}

/**
 * Linked checking as the tree draws it: a checked node checks everything under it; a parent is
 * checked when all its children are, half-checked when some are.
 */
export function conductCheck(nodes: PermissionNode[], keys: string[]): { checked: string[]; halfChecked: string[] } {
  const wanted = new Set(keys);
  const checked: string[] = [];
  const halfChecked: string[] = [];
  const visit = (n: PermissionNode, forced: boolean): 'all' | 'some' | 'none' => {
    const self = forced || wanted.has(n.key);
    const states = kids(n).map((c) => visit(c, self));
    if (self || (states.length > 0 && states.every((s) => s === 'all'))) { checked.push(n.key); return 'all'; }
    if (states.some((s) => s !== 'none')) { halfChecked.push(n.key); return 'some'; }
    return 'none';
  };
  for (const n of nodes) visit(n, false);
  return { checked, halfChecked };
}

/** The nodes whose title contains `keyword`, each with its ancestors and everything under it. */
export function filterTree(nodes: PermissionNode[], keyword: string): PermissionNode[] {
  const kw = keyword.trim().toLowerCase();
  if (!kw) return nodes;
  return nodes.flatMap((n) => {
    if (n.title.toLowerCase().includes(kw)) return [n];
    const children = filterTree(kids(n), kw);
    return children.length ? [{ ...n, children }] : [];
  });
}

/** Each node's parent key, by key. */
function parentsByKey(nodes: PermissionNode[]): Map<string, string | null> {
  const parents = new Map<string, string | null>();
  const visit = (list: PermissionNode[], parent: string | null) => {
    for (const n of list) { parents.set(n.key, parent); visit(kids(n), n.key); }
  };
  visit(nodes, null);
  return parents;
}

const BUTTON = 2;

/**
 * Unlinked checking that keeps a grant usable: a newly checked node brings its parent folders
 * (a page under an ungranted folder never reaches the menu) and, with `withButtons`, the buttons
 * right under it; a newly unchecked node takes everything under it along (buttons of a page
 * nobody sees are no use). Nodes whose state did not change are left as they are.
 */
export function usableCheck(nodes: PermissionNode[], before: string[], after: string[], withButtons: boolean): string[] {
  const parents = parentsByKey(nodes);
  const byKey = new Map<string, PermissionNode>();
  walk(nodes, (n) => byKey.set(n.key, n));
  const was = new Set(before);
  const asked = new Set(after);
  const now = new Set(after);
  for (const key of before) {
    const node = byKey.get(key);
    if (!asked.has(key) && node) walk(kids(node), (c) => now.delete(c.key));
  }
  for (const key of after) {
    if (was.has(key)) continue;
    for (let p = parents.get(key); p; p = parents.get(p)) now.add(p);
    const node = byKey.get(key);
    if (withButtons && node) for (const c of kids(node)) if (c.menuType === BUTTON) now.add(c.key);
  }
  return [...now];
}
