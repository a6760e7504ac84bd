import { Breadcrumb } from 'antd';
import { Link } from 'react-router-dom';
import type { PageRoute } from '../../app/routes';
import { breadcrumbTrail } from './breadcrumbTrail';

export function PageBreadcrumb({ route }: { route: PageRoute }) {
  const items = breadcrumbTrail(route).map(({ title, path }) => ({ title: path ? <Link to={path}>{title}</Link> : title }));
  return <Breadcrumb className="basic-breadcrumb" items={items} />;
}
