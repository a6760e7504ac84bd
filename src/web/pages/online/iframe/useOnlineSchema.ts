import { useEffect, useState } from 'react';
import type { PageSchema } from '../../../../schema/types';
import { schemaApi } from '../../../renderer/api';

/** The page schema of a synced online form, by table name (`?table=`): loading, found, or why not. */
export function useOnlineSchema(table: string | null): { schema?: PageSchema; problem?: string } {
  const [state, setState] = useState<{ schema?: PageSchema; problem?: string }>({});
  useEffect(() => {
    if (!table) { setState({ problem: '缺少参数 table' }); return; }
    let live = true;
    setState({});
    schemaApi.byCode(table)
      .then((res) => live && setState(res.success ? { schema: res.result } : { problem: res.message || '表单不存在或未同步数据库' }))
      .catch(() => live && setState({ problem: '表单配置加载失败' }));
    return () => { live = false; };
  }, [table]);
  return state;
}
