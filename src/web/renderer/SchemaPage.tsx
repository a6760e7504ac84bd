import { Spin } from 'antd';
import { useEffect, useState } from 'react';
import type { PageSchema } from '../../schema/types';
import NotBuilt from '../pages/NotBuilt';
import type { PageProps } from '../pages/registry';
import { schemaApi } from './api';
import { SchemaList } from './SchemaList';

/**
 * The page of a menu entry whose component has no hand-written module: the schema that names the
 * component (or the `:code` of /online/cgformList/:code) drawn by the renderer; no schema, the
 * not-built page. So a new page is a schema file plus a menu row.
 */
export default function SchemaPage(props: PageProps) {
  const code = props.params.code;
  const component = props.route.component;
  const [state, setState] = useState<{ schema?: PageSchema; missing?: boolean }>({});
  useEffect(() => {
    let live = true;
    (code ? schemaApi.byCode(code) : schemaApi.byComponent(component))
      .then((res) => live && setState(res.success ? { schema: res.result } : { missing: true }))
      .catch(() => live && setState({ missing: true }));
    return () => { live = false; };
  }, [code, component]);
  if (state.missing) return <NotBuilt {...props} />;
  if (!state.schema) return <div style={{ padding: 48, textAlign: 'center' }}><Spin /></div>;
  return <SchemaList schema={state.schema} />;
}
