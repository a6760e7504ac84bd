import { webApi } from '../api/web';
import { ArticleCard, CardGrid } from '../components/Cards';
import { PagedList } from '../components/PagedList';
import { PageBody, PageHero } from '../components/PageHero';
import { useTitle } from '../lib/site-info';

export default function RaceServices() {
  useTitle('大赛服务');
  return (
    <>
      <PageHero title="大赛服务" subtitle="培训辅导、路演展示、投融资对接与政策咨询" />
      <PageBody>
        <PagedList what="大赛服务" pageSize={9} empty="服务内容整理中，敬请期待" read={(q, s) => webApi.raceServices(q, s)}>
          {(items) => <CardGrid>{items.map((r) => <ArticleCard key={r.id} item={r} kind="raceService" meta={r.contact ? `联系：${r.contact}` : null} />)}</CardGrid>}
        </PagedList>
      </PageBody>
    </>
  );
}
