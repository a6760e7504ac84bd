import { useSession } from '../../app/session';
import type { PageRoute } from '../../app/routes';
import { resolveMenuUrl } from './externalUrl';

/** An external menu entry shown inside the layout. */
export function IframePage({ route, url }: { route: PageRoute; url: string }) {
  const { token } = useSession();
  return <iframe className="basic-iframe" src={resolveMenuUrl(url, token)} title={route.meta.title ?? route.name} />;
}
