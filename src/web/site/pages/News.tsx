import { useSearchParams } from 'react-router-dom';
import { NEWS_CATEGORIES, type NewsCategory } from '../../../schema/web-site';
import { webApi } from '../api/web';
import { ArticleRow, RowList } from '../components/Cards';
import { PagedList } from '../components/PagedList';
import { PageBody, PageHero } from '../components/PageHero';
import { useTitle } from '../lib/site-info';
import styles from './pages.module.css';

const TABS: { key: NewsCategory | ''; label: string }[] = [
  { key: '', label: '全部' },
  { key: 'news', label: NEWS_CATEGORIES.news },
  { key: 'notice', label: NEWS_CATEGORIES.notice },
];

/** News list, all categories or one, paginated. */
export default function News() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('category') ?? '';
  const category = TABS.some((t) => t.key === raw) ? (raw as NewsCategory | '') : '';
  useTitle('新闻动态');
  return (
    <>
      <PageHero title="新闻动态" subtitle="赛事动态、通知公告，第一时间了解大赛进展" />
      <PageBody>
        <div className={styles.tabs} role="tablist">
          {TABS.map((t) => (
            <button key={t.key} type="button" role="tab" aria-selected={t.key === category} className={t.key === category ? styles.tabActive : undefined}
              onClick={() => setParams(t.key ? { category: t.key } : {})}>
              {t.label}
            </button>
          ))}
        </div>
        <PagedList search="搜索新闻标题" what="新闻" pageSize={10} readKey={category} empty="暂无新闻，敬请关注"
          read={(q, s) => webApi.news({ ...q, category: category || undefined }, s)}>
          {(items) => <RowList>{items.map((n) => <ArticleRow key={n.id} item={n} kind="news" tag={n.category_dictText} />)}</RowList>}
        </PagedList>
      </PageBody>
    </>
  );
}
