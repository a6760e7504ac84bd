import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { WebPage } from '../../../schema/web-site';
import { useLoad } from '../lib/useLoad';
import { Pager } from './Pager';
import styles from './PagedList.module.css';
import { Loaded } from './Status';

interface Props<T> {
  what: string;
  pageSize: number;
  /** Reads one page; `key` changes (a category) restart from page 1 of the new list. */
  read: (page: { pageNo: number; pageSize: number; keyword?: string }, signal: AbortSignal) => Promise<WebPage<T>>;
  readKey?: string;
  empty?: ReactNode;
  /** Placeholder of a keyword box above the list (the API's `keyword`, kept in `?keyword=`); absent: no box. */
  search?: string;
  children: (records: T[]) => ReactNode;
}

/** A paginated list whose page number lives in the address (`?page=2`), so back/forward and shared links keep it. */
export function PagedList<T>({ what, pageSize, read, readKey = '', empty, search, children }: Props<T>) {
  const [params, setParams] = useSearchParams();
  const pageNo = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const top = useRef<HTMLDivElement>(null);
  const keyword = search ? (params.get('keyword') ?? '').trim().slice(0, 50) : '';
  const load = useLoad((signal) => read({ pageNo, pageSize, keyword: keyword || undefined }, signal), [pageNo, pageSize, readKey, keyword]);
  const go = (page: number) => {
    const next = new URLSearchParams(params);
    if (page === 1) next.delete('page'); else next.set('page', String(page));
    setParams(next);
    top.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };
  return (
    <div ref={top} style={{ scrollMarginTop: '5rem' }}>
      {search && <SearchBox placeholder={search} value={keyword} onSearch={(k) => {
        const next = new URLSearchParams(params);
        next.delete('page');
        if (k) next.set('keyword', k); else next.delete('keyword');
        setParams(next);
      }} />}
      <Loaded load={load} what={what} isEmpty={(p) => p.records.length === 0} empty={keyword ? `没有找到与“${keyword}”相关的${what}` : empty}>
        {(page) => (
          <>
            {children(page.records)}
            <Pager current={page.current} pages={page.pages} total={page.total} onChange={go} />
          </>
        )}
      </Loaded>
    </div>
  );
}

function SearchBox({ placeholder, value, onSearch }: { placeholder: string; value: string; onSearch: (keyword: string) => void }) {
  const [text, setText] = useState(value);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(text.trim().slice(0, 50));
  };
  return (
    <form role="search" className={styles.search} onSubmit={submit}>
      <input type="search" value={text} maxLength={50} placeholder={placeholder} aria-label={placeholder} onChange={(e) => setText(e.target.value)} />
      <button type="submit">搜索</button>
    </form>
  );
}
