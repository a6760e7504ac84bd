import { useCallback } from 'react';
import { hasPermission } from '../app/permission';
import { useSession } from '../app/session';

/** `can('add')` for the page's button codes (`<permission>:add`), by the SPEC §6 `has` rule; a page without codes allows all. */
export function usePagePermission(prefix: string | undefined) {
  const { auth, allAuth } = useSession();
  return useCallback((action: string, code?: string) => {
    const full = code ?? (prefix ? `${prefix}:${action}` : '');
    return !full || hasPermission(full, auth, allAuth);
  }, [prefix, auth, allAuth]);
}
