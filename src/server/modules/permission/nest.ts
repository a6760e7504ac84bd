/**
 * Rows with parent links as nested nodes, keeping row order among siblings. A row whose parent is
 * absent (or itself) is a root; rows caught in a parent cycle are unreachable and left out.
 */
export function nest<R, N>(rows: R[], idOf: (r: R) => string, parentOf: (r: R) => string | null, node: (r: R, children: N[]) => N): N[] {
  const ids = new Set(rows.map(idOf));
  const byParent = new Map<string, R[]>();
  for (const r of rows) {
    const p = parentOf(r);
    const key = p && p !== idOf(r) && ids.has(p) ? p : '';
    byParent.set(key, [...(byParent.get(key) ?? []), r]);
  }
  const grow = (key: string): N[] => (byParent.get(key) ?? []).map((r) => node(r, grow(idOf(r))));
  return grow('');
}
