import { LoginOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { LOGIN_PATH, staticUrl } from '../../app/config';
import { useSiteInfo } from '../../layouts/useSiteInfo';
import styles from './PublicHome.module.css';

const DEFAULT_LOGO = `${import.meta.env.BASE_URL}favicon.svg`;

/** Placeholder for the public competition site (built later): who we are and the way in. */
export default function PublicHome() {
  const site = useSiteInfo();
  const navigate = useNavigate();
  const toLogin = () => navigate(LOGIN_PATH);

  useEffect(() => {
    if (site) document.title = site.appAbbr;
  }, [site]);

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div className={styles.brand}>
          <img src={staticUrl(site?.appLogoWhite || site?.appLogo) || DEFAULT_LOGO} alt="" />
          <span>{site?.appAbbr}</span>
        </div>
        <Button ghost onClick={toLogin}>登录</Button>
      </header>
      <main className={styles.hero}>
        <h1>{site?.appName}</h1>
        {site?.race?.title && <p className={styles.race}>{site.race.title}</p>}
        {site?.appDesc && <p className={styles.desc}>{site.appDesc}</p>}
        <span className={styles.note}>门户网站建设中，敬请期待</span>
        <div className={styles.actions}>
          <Button type="primary" size="large" block icon={<LoginOutlined />} onClick={toLogin}>
            {site?.allowRegister ? '登录 / 注册' : '登录'}
          </Button>
        </div>
      </main>
      {site?.race?.copyright && <footer className={styles.footer}>{site.race.copyright}</footer>}
    </div>
  );
}
