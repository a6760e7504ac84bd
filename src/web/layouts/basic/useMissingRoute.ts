import { useEffect, useState } from 'react';
import { http } from '../../api/request';
import { useSession } from '../../app/session';

/**
 * Where a path outside the user's menu goes: `/403` when it is a page of the menu the user was not
 * granted (the page exists, the grant is missing), `/404` when there is no such page; undefined while
 * the server is asked. A guest is not asked: nothing is granted to the guest to tell apart.
 */
export function useMissingRoute(pathname: string, missing: boolean): string | undefined {
  const { isGuest } = useSession();
  const [answer, setAnswer] = useState<{ path: string; to: string } | null>(null);
  useEffect(() => {
    if (!missing || isGuest) return;
    let live = true;
    http.get<boolean>('/sys/permission/routeExists', { path: pathname })
      .then((res) => live && setAnswer({ path: pathname, to: res.success && res.result ? '/403' : '/404' }))
      .catch(() => live && setAnswer({ path: pathname, to: '/404' }));
    return () => { live = false; };
  }, [pathname, missing, isGuest]);
  if (!missing) return undefined;
  if (isGuest) return '/404';
  return answer?.path === pathname ? answer.to : undefined;
}
