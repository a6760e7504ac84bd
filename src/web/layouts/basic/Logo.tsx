import { Link } from 'react-router-dom';
import { HOME_PATH, staticUrl } from '../../app/config';
import { useSiteInfo } from '../useSiteInfo';

const DEFAULT_LOGO = `${import.meta.env.BASE_URL}favicon.svg`;

/** Site logo and abbreviation, linking to the dashboard; the abbreviation hides in the collapsed sider. */
export function Logo({ theme, collapsed = false }: { theme: 'dark' | 'light'; collapsed?: boolean }) {
  const site = useSiteInfo();
  const adminLogo = site?.race?.adminLogo;
  return (
    <Link to={HOME_PATH} className={`basic-logo basic-logo-${theme}`} data-testid="layout-logo" title={site?.appAbbr}>
      <img src={adminLogo ? staticUrl(adminLogo) : DEFAULT_LOGO} alt="" />
      {!collapsed && <h1>{site?.appAbbr}</h1>}
    </Link>
  );
}
