import { Link } from 'react-router-dom';
import { webApi } from '../api/web';
import { Img } from '../components/Img';
import { useSiteInfo } from '../lib/site-info';
import { useLoad } from '../lib/useLoad';
import { SECTIONS } from '../nav';
import styles from './Footer.module.css';

/** SPEC §1 footer: contest title, postal code, mailbox, hotline, address, copyright and partner QR codes, all from the API. */
export function Footer() {
  const site = useSiteInfo();
  const load = useLoad((s) => webApi.footer(s), []);
  const footer = load.status === 'ready' ? load.data : null;
  const race = footer?.race ?? site?.race ?? null;
  const organisations = footer?.organisations ?? [];

  return (
    <footer className={styles.footer}>
      <div className={`site-container ${styles.inner}`}>
        <div className={styles.contact}>
          <h2 className={styles.title}>{race?.title || site?.appName || ''}</h2>
          <dl className={styles.fields}>
            {race?.address && <><dt>通讯地址</dt><dd>{race.address}</dd></>}
            {race?.postalCode && <><dt>邮政编码</dt><dd>{race.postalCode}</dd></>}
            {race?.email && <><dt>联系邮箱</dt><dd><a href={`mailto:${race.email}`}>{race.email}</a></dd></>}
            {race?.registrationHotline && <><dt>报名热线</dt><dd><a href={`tel:${race.registrationHotline.replace(/[^\d+-]/g, '')}`}>{race.registrationHotline}</a></dd></>}
          </dl>
          <nav className={styles.links} aria-label="栏目">
            {SECTIONS.slice(1).map((s) => <Link key={s.path} to={s.path}>{s.label}</Link>)}
          </nav>
        </div>
        <div className={styles.qrs}>
          {load.status === 'loading' && <span className={styles.note}>正在加载合作机构…</span>}
          {load.status === 'error' && (
            <span className={styles.note}>合作机构信息没有加载出来 <button type="button" onClick={load.retry}>重试</button></span>
          )}
          {organisations.map((o) => (
            <figure key={o.id} className={styles.qr}>
              <Img src={o.qrCode} alt={`${o.name}二维码`} className={styles.qrImg} />
              <figcaption>{o.name}</figcaption>
            </figure>
          ))}
        </div>
      </div>
      {race?.copyright && <div className={styles.copyright}>{race.copyright}</div>}
    </footer>
  );
}
