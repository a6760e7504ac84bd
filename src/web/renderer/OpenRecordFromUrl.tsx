import { message } from 'antd';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { usePageActive } from '../layouts/basic/pageActive';
import type { Row } from './api';

interface Props {
  /** Reads the row the address names (the page's queryById, under the user's access decision). */
  load: (id: string) => Promise<{ success: boolean; result: Row | null; message?: string }>;
  /** Opens the row's detail. */
  open: (row: Row) => void;
}

/**
 * A page opened at `?id=<row>` (a notice's 去处理: 项目审核?id=…) shows that row's detail at once; the
 * parameter is taken off the address so closing the detail leaves the plain list. A row the user may
 * not read says so instead of showing an empty list. Only the page in view reads it: a hidden kept-alive
 * page sees the same address, and would look the id up in its own table and take it off the address.
 */
export function OpenRecordFromUrl({ load, open }: Props) {
  const [params, setParams] = useSearchParams();
  const active = usePageActive();
  const id = params.get('id');
  useEffect(() => {
    if (!id || !active) return;
    let live = true;
    void load(id).then((res) => {
      if (!live) return;
      if (res.success && res.result) open(res.result);
      else void message.warning(res.message || '未找到对应数据');
      const next = new URLSearchParams(params);
      next.delete('id');
      setParams(next, { replace: true });
    }).catch(() => {});
    return () => { live = false; };
  }, [id, active]); // eslint-disable-line react-hooks/exhaustive-deps -- once per id named by the address
  return null;
}
