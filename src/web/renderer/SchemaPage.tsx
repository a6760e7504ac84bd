import { Spin } from 'antd';
import { useEffect, useState } from 'react';
import type { PageSchema } from '../../schema/types';
import type { Result } from '../api/request';
import NotBuilt from '../pages/NotBuilt';
import type { PageProps } from '../pages/registry';
import { crudApi } from './api';
import { arrivedSchema, firstListParams, loadSchema, type SchemaRef } from './pageData';
import { SchemaList } from './SchemaList';

/** `rev` counts the schemas drawn for one page: a changed schema draws the list anew. */
type State = { of: string; rev: number; schema?: PageSchema; missing?: boolean };

const sameSchema = (a: PageSchema, b: PageSchema) => a === b || JSON.stringify(a) === JSON.stringify(b);

/** The state once the page's schema as it is now has arrived: unchanged when it is the schema already drawn. */
function withAnswer(s: State, of: string, res: Result<PageSchema>): State {
  const mine = s.of === of;
  if (!res.success) return { of, rev: mine ? s.rev + 1 : 0, missing: true };
  if (mine && s.schema && sameSchema(s.schema, res.result)) return s;
  return { of, rev: mine ? s.rev + 1 : 0, schema: res.result };
}

/** How long a page waits for its first rows asked for ahead before it draws without them. */
const ROWS_WAIT_MS = 150;

/**
 * Whether the page's first rows, asked for as the navigation began, are still on their way (for at
 * most ROWS_WAIT_MS): the list then draws once, with its rows, instead of empty and again.
 */
function useRowsOnTheirWay(schema: PageSchema | undefined): boolean {
  const [pending] = useState(() => (schema ? crudApi(schema.api).pending(firstListParams(schema)) : undefined));
  const [waiting, setWaiting] = useState(!!pending);
  useEffect(() => {
    if (!pending) return undefined;
    const done = () => setWaiting(false);
    const timer = setTimeout(done, ROWS_WAIT_MS);
    void pending.finally(done);
    return () => clearTimeout(timer);
  }, [pending]);
  return waiting;
}

/**
 * The page of a menu entry whose component has no hand-written module: the schema that names the
 * component (or the `:code` of /online/cgformList/:code) drawn by the renderer; no schema, the
 * not-built page. So a new page is a schema file plus a menu row.
 */
export default function SchemaPage(props: PageProps) {
  const code = props.params.code;
  const component = props.route.component;
  const of = code ? `code:${code}` : `component:${component}`;
  // Preloaded as the navigation began (layouts/basic/preloadPage.ts), or kept from before, the schema is often here before the page draws.
  const [state, setState] = useState<State>(() => {
    const arrived = arrivedSchema(code ? { code } : { component });
    return arrived ? withAnswer({ of: '', rev: 0 }, of, arrived) : { of, rev: 0 };
  });
  const current = state.of === of ? state : { of, rev: 0 };
  useEffect(() => {
    // Asked on every opening, even with a schema drawn from before: it may have changed since.
    let live = true;
    const ref: SchemaRef = code ? { code } : { component };
    loadSchema(ref)
      .then((res) => live && setState((s) => withAnswer(s, of, res)))
      // No answer (offline): a schema drawn from before stays.
      .catch(() => live && setState((s) => (s.of === of && s.schema ? s : { of, rev: 0, missing: true })));
    return () => { live = false; };
  }, [code, component, of]);
  const rowsOnTheirWay = useRowsOnTheirWay(current.schema);
  if (current.missing) return <NotBuilt {...props} />;
  if (!current.schema || rowsOnTheirWay) return <div style={{ padding: 48, textAlign: 'center' }}><Spin /></div>;
  return <SchemaList key={current.rev} schema={current.schema} />;
}
