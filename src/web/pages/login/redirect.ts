import { HOME_PATH } from '../../app/config';

/** The `redirect` query parameter when it is a path inside this app, else the default landing page. */
export function safeRedirect(redirect: string | null | undefined): string {
  return redirect && redirect.startsWith('/') && !redirect.startsWith('//') && !redirect.includes('\\') ? redirect : HOME_PATH;
}
