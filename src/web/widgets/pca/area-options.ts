import { AREA_ROOT, areaChildren, areaPath, type AreaData } from '../../../schema/area';

export interface AreaOption {
  value: string;
  label: string;
  children?: AreaOption[];
}

const trees = new WeakMap<AreaData, AreaOption[]>();

/** The whole province → city → district tree as Cascader options, built once per data object. */
export function cascaderOptions(data: AreaData): AreaOption[] {
  let tree = trees.get(data);
  if (!tree) {
    const level = (pid: string): AreaOption[] => areaChildren(pid, data).map(({ id, text }) => {
      const children = level(id);
      return children.length ? { value: id, label: text, children } : { value: id, label: text };
    });
    tree = level(AREA_ROOT);
    trees.set(data, tree);
  }
  return tree;
}

/**
 * The codes an input shows for a stored value: its path from the province; an unknown code alone
 * (so it is shown as stored rather than dropped); nothing for an empty value.
 */
export function valuePath(value: unknown, data: AreaData): string[] {
  if (value === null || value === undefined || value === '') return [];
  return areaPath(value, data) ?? [String(value)];
}

/** What a chosen path stores: its last code (contract §7.3); nothing when cleared. */
export const storedCode = (path: readonly (string | number)[] | null | undefined): string | null =>
  (path && path.length ? String(path[path.length - 1]) : null);
