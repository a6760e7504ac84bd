import { drawnBySchema } from '../../pages/registry';
import { preloadSchemaPage } from '../../renderer/pageData';

/**
 * Starts the requests a page makes first, as the navigation to it begins, before React has drawn any
 * of it: a schema page's schema and first rows (renderer/pageData.ts). Called again, it asks nothing more.
 */
export function preloadPage(component: string, params: Record<string, string | undefined>): void {
  if (drawnBySchema(component)) preloadSchemaPage(params.code ? { code: params.code } : { component });
}
