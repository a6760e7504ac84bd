import { NotFoundView } from '../components/Status';
import { useTitle } from '../lib/site-info';

export default function NotFound() {
  useTitle('页面不存在');
  return <div className="site-container"><NotFoundView /></div>;
}
