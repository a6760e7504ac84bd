import { webApi } from '../api/web';
import { ArticleRow, RowList } from '../components/Cards';
import { PagedList } from '../components/PagedList';
import { PageBody, PageHero } from '../components/PageHero';
import { useTitle } from '../lib/site-info';

export default function TradeUnion() {
  useTitle('工会政策');
  return (
    <>
      <PageHero title="工会政策" subtitle="职工技术创新、创业扶持与权益保障政策" />
      <PageBody>
        <PagedList search="搜索政策标题或发布单位" what="政策" pageSize={10} empty="暂无政策文件" read={(q, s) => webApi.policies(q, s)}>
          {(items) => <RowList>{items.map((p) => <ArticleRow key={p.id} item={p} kind="policy" tag={p.issuer} />)}</RowList>}
        </PagedList>
      </PageBody>
    </>
  );
}
