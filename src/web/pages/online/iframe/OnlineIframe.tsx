import { Result, Spin } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { SchemaList } from '../../../renderer/SchemaList';
import { useOnlineSchema } from './useOnlineSchema';

/**
 * /onlineIframe/OnlineIframe?table=<table>: a synced form's list page with nothing around it, for
 * embedding in another page. The table travels as `table`: a `code` query is a WeChat code here.
 */
export default function OnlineIframe() {
  const [params] = useSearchParams();
  const { schema, problem } = useOnlineSchema(params.get('table'));
  if (problem) return <Result status="warning" title={problem} />;
  if (!schema) return <div style={{ padding: 48, textAlign: 'center' }}><Spin /></div>;
  return <div style={{ padding: 12 }}><SchemaList schema={schema} /></div>;
}
