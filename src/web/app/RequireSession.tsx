import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { authApi } from '../api/auth';
import { pageLeaving } from '../utils/pageLeaving';
import { LOGIN_PATH } from './config';
import { Loading } from './Loading';
import { session, useSession } from './session';

/**
 * SPEC §4 for back-office routes: without a token the visitor is logged in as the guest account
 * (login button only); with a token the permissions are fetched once, and a failure logs out to
 * the login page with a redirect query. `signedIn` pages send a guest to the login page too.
 */
export function RequireSession({ children, signedIn = false }: { children: ReactNode; signedIn?: boolean }) {
  const { token, menu, isGuest } = useSession();
  const location = useLocation();
  const [failed, setFailed] = useState(false);
  const redirect = `${LOGIN_PATH}?redirect=${encodeURIComponent(location.pathname + location.search)}`;

  useEffect(() => {
    if (failed || menu) return;
    let cancelled = false;
    (async () => {
      try {
        if (!token) {
          const res = await authApi.guestLogin();
          if (cancelled) return;
          if (!res.success) throw new Error(res.message);
          session.acceptLogin(res.result, { guest: true });
          return; // the new token re-runs this effect
        }
        if (!session.get().userInfo) await session.loadUserInfo();
        if (cancelled) return;
        await session.loadPermissions();
      } catch {
        if (cancelled || pageLeaving()) return;
        await session.logout();
        setFailed(true);
      }
    })();
    return () => { cancelled = true; };
  }, [token, menu, failed]);

  // A page with nothing to show a guest (an embedded form) sends the visitor to log in instead.
  if (failed || (signedIn && menu && isGuest)) return <Navigate to={redirect} replace />;
  if (!menu) return <Loading tip="加载中..." />;
  return <>{children}</>;
}
