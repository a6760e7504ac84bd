import { webApi } from '../api/web';
import { Img } from '../components/Img';
import { PagedList } from '../components/PagedList';
import { PageBody, PageHero } from '../components/PageHero';
import { useTitle } from '../lib/site-info';
import styles from './pages.module.css';

/** The mentor think-tank. */
export default function Experts() {
  useTitle('导师智库');
  return (
    <>
      <PageHero title="导师智库" subtitle="来自高校、科研院所、企业与投资机构的创业导师" />
      <PageBody>
        <PagedList search="搜索导师姓名、单位或领域" what="导师" pageSize={12} empty="导师团队组建中，敬请期待" read={(q, s) => webApi.experts(q, s)}>
          {(items) => (
            <div className={styles.people}>
              {items.map((e) => (
                <article key={e.id} className={styles.person}>
                  <Img src={e.avatar} alt={e.name} className={styles.avatar} />
                  <h3>{e.name}</h3>
                  {e.jobTitle && <div className={styles.personTitle}>{e.jobTitle}</div>}
                  {e.organisation && <div className={styles.personOrg}>{e.organisation}</div>}
                  {e.field && <div className={styles.chip}>{e.field}</div>}
                  {e.intro && <p className={styles.personIntro}>{e.intro}</p>}
                </article>
              ))}
            </div>
          )}
        </PagedList>
      </PageBody>
    </>
  );
}
