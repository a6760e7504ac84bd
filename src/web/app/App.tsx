import { lazy, Suspense, useEffect, useState } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { HOME_PATH, LOGIN_PATH, WEB_BASE } from './config';
import { loadBackOffice } from './backOffice';
import { Loading } from './Loading';
import { RequireSession } from './RequireSession';
import { session, useSession } from './session';
import { KEYS, storage } from './storage';
import { withDates } from './withDates';
import { loadSiteInfo } from '../layouts/useSiteInfo';

const loadUserLayout = () => import('../layouts/UserLayout');
const loadLoginPage = () => import('../pages/login/LoginPage');
const BasicLayout = lazy(loadBackOffice);
const UserLayout = lazy(loadUserLayout);
const LoginPage = lazy(loadLoginPage);
const Exception = lazy(() => import('../pages/exception/Exception'));
const PublicHome = lazy(withDates(() => import('../pages/public/PublicHome')));
const OnlineIframe = lazy(withDates(() => import('../pages/online/iframe/OnlineIframe')));
const OnlineIframeEdit = lazy(withDates(() => import('../pages/online/iframe/OnlineIframeEdit')));
const RegisterPage = lazy(withDates(() => import('../pages/register/RegisterPage')));
const RegisterResult = lazy(() => import('../pages/register/RegisterResult'));
const AlterationPage = lazy(() => import('../pages/register/AlterationPage'));

// Most visits to the back office begin on the login page. Its code and the site's settings are asked
// for at once, beside the layout's, instead of each after the one before (three round trips and
// two runs of code less before the form shows).
if (window.location.pathname.replace(/\/$/, '') === `${WEB_BASE}${LOGIN_PATH}` && (!session.get().token || session.get().isGuest)) {
  void loadUserLayout();
  void loadLoginPage();
  void loadSiteInfo();
}

/** SPEC §4: a token in the query string is stored; a WeChat `code` is saved on every route change. */
function QueryParamsWatcher() {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const token = params.get('token');
    const code = params.get('code');
    if (code) storage.set(KEYS.wechatCode, code);
    if (token) {
      session.adoptToken(token);
      params.delete('token');
      const rest = params.toString();
      navigate({ pathname: location.pathname, search: rest ? `?${rest}` : '' }, { replace: true });
    }
    window.scrollTo(0, 0);
  }, [location.pathname, location.search, navigate]);
  return null;
}

/**
 * Opened with a real (non-guest) token, the login page sends the user on to the redirect or home.
 * Only a token present on arrival counts: one that arrives by logging in here leaves the page in
 * the login flow's own time (after the department choice).
 */
function LoginRoute() {
  const { token, isGuest } = useSession();
  const [loggedInOnArrival] = useState(() => !!token && !isGuest);
  const location = useLocation();
  if (loggedInOnArrival) {
    const redirect = new URLSearchParams(location.search).get('redirect');
    return <Navigate to={redirect && redirect.startsWith('/') && !redirect.startsWith('//') ? redirect : HOME_PATH} replace />;
  }
  return <LoginPage />;
}

const fallback = <Loading />;

export function App() {
  return (
    <BrowserRouter basename={WEB_BASE} useTransitions={false}>
      <QueryParamsWatcher />
      <Suspense fallback={fallback}>
        <Routes>
          <Route path="/user" element={<UserLayout />}>
            <Route index element={<Navigate to={LOGIN_PATH} replace />} />
            <Route path="login" element={<LoginRoute />} />
            <Route path="register/:type" element={<RegisterPage />} />
            <Route path="register-result" element={<RegisterResult />} />
            <Route path="alteration" element={<AlterationPage />} />
          </Route>
          <Route path="/admin" element={<Navigate to={HOME_PATH} replace />} />
          <Route path="/404" element={<Exception type="404" />} />
          <Route path="/403" element={<Exception type="403" />} />
          <Route path="/" element={<PublicHome />} />
          <Route path="/web/*" element={<PublicHome />} />
          {/* Embeddable online form pages: a session (or the guest) but no menu and no layout around them. */}
          <Route path="/onlineIframe/OnlineIframe" element={<RequireSession signedIn><OnlineIframe /></RequireSession>} />
          <Route path="/onlineIframe/OnlineIframeEdit" element={<RequireSession signedIn><OnlineIframeEdit /></RequireSession>} />
          <Route path="/onlineIframe/*" element={<Navigate to="/404" replace />} />
          <Route path="/getToken" element={<Navigate to={HOME_PATH} replace />} />
          <Route path="/*" element={<RequireSession><BasicLayout /></RequireSession>} />
        </Routes>
      </Suspense>
    </BrowserRouter>
  );
}
