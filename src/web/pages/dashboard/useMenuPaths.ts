import { useMemo } from 'react';
import { menuToRoutes } from '../../app/routes';
import { useSession } from '../../app/session';
import { permittedMenu } from '../../layouts/basic/menuModel';

/** The page paths the signed-in user's menu holds: a figure links to a list only when the user can open it. */
export function useMenuPaths(): Set<string> {
  const { menu, auth, allAuth } = useSession();
  return useMemo(() => new Set(menuToRoutes(permittedMenu(menu ?? [], auth, allAuth)).map((r) => r.path)), [menu, auth, allAuth]);
}

/** The first of the candidate paths the user holds, or null. */
export const firstHeld = (paths: Set<string>, candidates: string[]) => candidates.find((p) => paths.has(p)) ?? null;
