import { webApi } from '../api/web';
import { Img } from '../components/Img';
import { PagedList } from '../components/PagedList';
import { PageBody, PageHero } from '../components/PageHero';
import { safeLink } from '../lib/rich-text';
import { useTitle } from '../lib/site-info';
import styles from './pages.module.css';

/** Partner organisations with their QR codes and web addresses. */
export default function Organisations() {
  useTitle('合作机构');
  return (
    <>
      <PageHero title="合作机构" subtitle="携手推动科技成果转化与创新创业" />
      <PageBody>
        <PagedList what="合作机构" pageSize={12} empty="暂无合作机构" read={(q, s) => webApi.organisations(q, s)}>
          {(items) => (
            <div className={styles.orgs}>
              {items.map((o) => {
                const url = o.url && /^https?:/i.test(o.url) ? safeLink(o.url) : null;
                return (
                  <article key={o.id} className={styles.org}>
                    <Img src={o.logo} alt={o.name} className={styles.orgLogo} />
                    <div className={styles.orgText}>
                      <h3>{o.name}</h3>
                      {o.intro && <p>{o.intro}</p>}
                      {url && <a href={url} target="_blank" rel="noopener noreferrer">访问官网 ›</a>}
                    </div>
                    {o.qrCode && <Img src={o.qrCode} alt={`${o.name}二维码`} className={styles.orgQr} />}
                  </article>
                );
              })}
            </div>
          )}
        </PagedList>
      </PageBody>
    </>
  );
}
