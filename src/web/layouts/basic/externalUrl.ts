import { API_BASE } from '../../app/config';

/**
 * Iframe and external menu URLs may carry `${token}` and the JeecgBoot `{{ window._CONFIG['domianURL'] }}`
 * placeholder; both are substituted here rather than evaluated.
 */
export function resolveMenuUrl(url: string, token: string | undefined): string {
  return url
    .replace(/\$\{token\}/g, token ?? '')
    .replace(/\{\{\s*window\._CONFIG\[['"]domianURL['"]\]\s*\}\}/g, API_BASE);
}
