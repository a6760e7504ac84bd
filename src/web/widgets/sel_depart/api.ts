import { useCallback, useRef } from 'react';
import { http } from '../../api/request';

/** A department tree node (SPEC §3; contract §4.3 SysDepartTreeModel): leaves have children null. */
export interface DepartNode {
  id: string;
  key: string;
  title: string;
  orgCode: string;
  departName: string;
  children: DepartNode[] | null;
}

export const departPickerApi = {
  tree: () => http.get<DepartNode[]>('/sys/sysDepart/queryTreeList'),
  /** Departments whose name holds the keyword, flat; refused with the server's word when none match. */
  search: (keyWord: string) => http.get<DepartNode[]>('/sys/sysDepart/searchBy', { keyWord }),
};

/**
 * The department tree of one picker, loaded on its first opening and kept while the picker is
 * mounted: reopening needs no call; a failed load is asked again next time.
 */
export function useDepartTree(): () => Promise<DepartNode[]> {
  const tree = useRef<Promise<DepartNode[]> | null>(null);
  return useCallback(() => {
    tree.current ??= departPickerApi.tree().then((res) => {
      if (res.success) return res.result ?? [];
      tree.current = null;
      return [];
    }, () => {
      tree.current = null;
      return [];
    });
    return tree.current;
  }, []);
}
