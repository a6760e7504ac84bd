import { App, theme } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { LoginResult } from '../../api/types';
import { loadBackOffice, preloadLanding } from '../../app/backOffice';
import { HOME_PATH } from '../../app/config';
import { session } from '../../app/session';
import { useSiteInfo } from '../../layouts/useSiteInfo';
import { AccountLoginForm } from './AccountLoginForm';
import styles from './LoginPage.module.css';
import { PhoneLoginForm } from './PhoneLoginForm';
import { safeRedirect } from './redirect';

// Loaded when shown: the department choice (a Select) only after a login, the third-party row only
// when the site enables it. Kept out of the login page's first download (issue 17: < 200 KB gzip).
const DepartModal = lazy(() => import('../../components/DepartModal'));
const ThirdPartyLogin = lazy(() => import('./ThirdPartyLogin').then((m) => ({ default: m.ThirdPartyLogin })));

/** SPEC §2 login: account or phone login, then the department choice and the way on. */
export default function LoginPage() {
  const { message } = App.useApp();
  const site = useSiteInfo();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  // A login that still waits for the user to pick a department.
  const [pending, setPending] = useState<LoginResult | null>(null);

  useEffect(() => {
    if (site) document.title = `登录 - ${site.appAbbr}`;
  }, [site]);

  const target = safeRedirect(searchParams.get('redirect'));
  const goOn = () => navigate(target, { replace: true });

  const preloadWayOn = () => {
    loadBackOffice().catch(() => undefined);
    if (target === HOME_PATH) void preloadLanding();
  };

  const handleLoggedIn = (result: LoginResult) => {
    session.acceptLogin(result);
    if (result.multi_depart === 2) {
      // The back office's code waits until the choice is shown: fetched and run beside it, it held
      // the dialog back by 400 ms here, and a person takes longer than that to choose.
      setPending(result);
      return;
    }
    preloadWayOn();
    if (result.multi_depart === 0) message.warning('您尚未归属部门');
    goOn();
  };

  const handleDepartChosen = () => {
    if (!pending) return;
    goOn();
  };

  const tabs = [{ key: 'account', label: '账号密码登录', children: <AccountLoginForm onLoggedIn={handleLoggedIn} /> }];
  if (site?.allowPhoneLogin) tabs.push({ key: 'phone', label: '手机号登录', children: <PhoneLoginForm onLoggedIn={handleLoggedIn} /> });

  return (
    <div className={styles.card}>
      <div className={styles.heading}>
        <h1>欢迎登录</h1>
        {site?.race?.title && <p>{site.race.title}</p>}
      </div>
      <LoginTabs tabs={tabs} />
      <div className={styles.links}>
        <Link to="/user/alteration">忘记密码</Link>
        {site?.allowRegister && <Link to="/user/register/user">注册账户</Link>}
      </div>
      <Suspense fallback={null}>
        {site?.allowThirdLogin && <ThirdPartyLogin />}
        {pending !== null && <DepartModal open departs={pending.departs} onShown={preloadWayOn} onClose={handleDepartChosen} />}
      </Suspense>
    </div>
  );
}

/** The account/phone switch: antd's Tabs would bring its overflow menu and dropdown to the login page. */
function LoginTabs({ tabs }: { tabs: { key: string; label: string; children: JSX.Element }[] }) {
  const { token } = theme.useToken();
  const [active, setActive] = useState(tabs[0].key);
  return (
    <>
      <div role="tablist" className={styles.tabs}>
        {tabs.map((t) => (
          <button key={t.key} type="button" role="tab" aria-selected={t.key === active} className={styles.tab} onClick={() => setActive(t.key)}
            style={t.key === active ? { color: token.colorPrimary, borderBottomColor: token.colorPrimary } : undefined}>
            {t.label}
          </button>
        ))}
      </div>
      {tabs.map((t) => <div key={t.key} role="tabpanel" hidden={t.key !== active}>{t.children}</div>)}
    </>
  );
}
