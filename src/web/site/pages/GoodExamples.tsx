import { webApi } from '../api/web';
import { ArticleCard, CardGrid } from '../components/Cards';
import { PagedList } from '../components/PagedList';
import { PageBody, PageHero } from '../components/PageHero';
import { useTitle } from '../lib/site-info';

export default function GoodExamples() {
  useTitle('优秀案例');
  return (
    <>
      <PageHero title="优秀案例" subtitle="科技成果转化与创新创业的典型案例" />
      <PageBody>
        <PagedList what="优秀案例" pageSize={9} empty="暂无优秀案例" read={(q, s) => webApi.goodExamples(q, s)}>
          {(items) => <CardGrid>{items.map((g) => <ArticleCard key={g.id} item={g} kind="proHeadlines" meta={g.company} />)}</CardGrid>}
        </PagedList>
      </PageBody>
    </>
  );
}
