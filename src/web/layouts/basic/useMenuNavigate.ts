import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import type { MenuNode } from '../../api/types';
import { useSession } from '../../app/session';
import { resolveMenuUrl } from './externalUrl';
import { findMenuNode, locationOf } from './menuModel';

/** Follows a menu entry: an external entry marked internalOrExternal opens a new window, anything else routes. */
export function useMenuNavigate(menu: MenuNode[]): (path: string) => void {
  const navigate = useNavigate();
  const { token } = useSession();
  return useCallback((path: string) => {
    const meta = findMenuNode(menu, path)?.meta;
    if (meta?.internalOrExternal && meta.url) window.open(resolveMenuUrl(meta.url, token), '_blank');
    else navigate(locationOf(path));
  }, [menu, navigate, token]);
}
