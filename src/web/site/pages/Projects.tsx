import { webApi } from '../api/web';
import { ArticleCard, CardGrid } from '../components/Cards';
import { PagedList } from '../components/PagedList';
import { PageBody, PageHero } from '../components/PageHero';
import { useTitle } from '../lib/site-info';
import { Ranking } from './Ranking';

export default function Projects() {
  useTitle('项目展示');
  return (
    <>
      <PageHero title="项目展示" subtitle="参赛项目与科技成果，寻找合作与投资机会" />
      <PageBody>
        <Ranking />
        <PagedList search="搜索项目名称、单位或领域" what="项目" pageSize={9} empty="项目征集中，敬请期待" read={(q, s) => webApi.projects(q, s)}>
          {(items) => <CardGrid>{items.map((p) => <ArticleCard key={p.id} item={p} kind="project" meta={[p.field, p.company].filter(Boolean).join(' · ')} />)}</CardGrid>}
        </PagedList>
      </PageBody>
    </>
  );
}
