import { NEWS_CATEGORIES, SCIENCE_PAGE_CATEGORY } from '../../../schema/web-site';
import { webApi } from '../api/web';
import { ArticleRow, RowList } from '../components/Cards';
import { PagedList } from '../components/PagedList';
import { PageBody, PageHero } from '../components/PageHero';
import { useTitle } from '../lib/site-info';

const SUBTITLES = {
  mmSci: '用通俗的语言解读前沿科技与创新成果',
  zlSci: '专利申请、保护与运用的实用知识',
};

/** The two science pages: each lists its own news category. */
export default function Science({ page }: { page: keyof typeof SCIENCE_PAGE_CATEGORY }) {
  const category = SCIENCE_PAGE_CATEGORY[page];
  const title = NEWS_CATEGORIES[category];
  useTitle(title);
  return (
    <>
      <PageHero title={title} subtitle={SUBTITLES[page]} />
      <PageBody>
        <PagedList what={title} pageSize={10} readKey={category} empty={`暂无${title}文章`}
          read={(q, s) => webApi.news({ ...q, category }, s)}>
          {(items) => <RowList>{items.map((n) => <ArticleRow key={n.id} item={n} kind="news" />)}</RowList>}
        </PagedList>
      </PageBody>
    </>
  );
}
