import { Spin } from 'antd';
import { useEffect, useState } from 'react';
import type { PageSchema } from '../../schema/types';
import type { Result } from '../api/request';
import NotBuilt from '../pages/NotBuilt';
import type { PageProps } from '../pages/registry';
import { arrivedSchema, loadSchema, type SchemaRef } from './pageData';
import { SchemaList } from './SchemaList';

type State = { of: string; schema?: PageSchema; missing?: boolean };
const stateOf = (of: string, res: Result<PageSchema>): State => (res.success ? { of, schema: res.result } : { of, missing: true });

/**
 * The page of a menu entry whose component has no hand-written module: the schema that names the
 * component (or the `:code` of /online/cgformList/:code) drawn by the renderer; no schema, the
 * not-built page. So a new page is a schema file plus a menu row.
 */
export default function SchemaPage(props: PageProps) {
  const code = props.params.code;
  const component = props.route.component;
  const of = code ? `code:${code}` : `component:${component}`;
  // Preloaded as the navigation began (layouts/basic/preloadPage.ts), the schema is often here before the page draws.
  const [state, setState] = useState<State>(() => {
    const arrived = arrivedSchema(code ? { code } : { component });
    return arrived ? stateOf(of, arrived) : { of };
  });
  const current = state.of === of ? state : { of };
  const ready = !!(current.schema || current.missing);
  useEffect(() => {
    if (ready) return undefined;
    let live = true;
    const ref: SchemaRef = code ? { code } : { component };
    loadSchema(ref)
      .then((res) => live && setState(stateOf(of, res)))
      .catch(() => live && setState({ of, missing: true }));
    return () => { live = false; };
  }, [code, component, of, ready]);
  if (current.missing) return <NotBuilt {...props} />;
  if (!current.schema) return <div style={{ padding: 48, textAlign: 'center' }}><Spin /></div>;
  return <SchemaList schema={current.schema} />;
}
