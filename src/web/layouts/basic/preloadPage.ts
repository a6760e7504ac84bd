import type { PageRoute } from '../../app/routes';
import { drawnBySchema } from '../../pages/registry';
import { preloadSchemaPage, warmSchemaPages } from '../../renderer/pageData';
import { whenIdle, type Idle } from '../../utils/whenIdle';

/**
 * Starts the requests a page makes first, as the navigation to it begins, before React has drawn any
 * of it: a schema page's schema and first rows (renderer/pageData.ts). Called again, it asks nothing more.
 */
export function preloadPage(component: string, params: Record<string, string | undefined>): void {
  if (drawnBySchema(component)) preloadSchemaPage(params.code ? { code: params.code } : { component });
}

/**
 * Once the browser is idle after login, fetches the schemas of the menu's schema pages in one request
 * and keeps them: a page's first opening then draws at once and asks for its rows as the navigation
 * begins, instead of waiting for its schema first (routes bench, issue 17). Answers a cancel.
 */
export function warmPages(routes: PageRoute[], idle: Idle = whenIdle): () => void {
  const refs = routes.filter((r) => !r.path.includes(':') && drawnBySchema(r.component)).map((r) => ({ component: r.component }));
  return refs.length ? idle(() => { void warmSchemaPages(refs); }) : () => {};
}
