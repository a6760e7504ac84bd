import { Button, Result, Spin } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { FormModal } from '../../../renderer/FormModal';
import { useOnlineSchema } from './useOnlineSchema';

/** What the embedding page is told when the form closes (its own origin decides whether to listen). */
export interface OnlineFormMessage {
  type: 'online-form-closed';
  table: string;
  id: string | null;
  saved: boolean;
}

/**
 * /onlineIframe/OnlineIframeEdit?table=<table>[&id=<id>]: a synced form's edit form (add without
 * an id) alone, for embedding. When it closes the parent window gets an `online-form-closed`
 * message, and the page says what happened with a way to open the form again.
 */
export default function OnlineIframeEdit() {
  const [params] = useSearchParams();
  const table = params.get('table');
  const id = params.get('id');
  const { schema, problem } = useOnlineSchema(table);
  const [closed, setClosed] = useState<boolean | null>(null);
  if (problem) return <Result status="warning" title={problem} />;
  if (!schema) return <div style={{ padding: 48, textAlign: 'center' }}><Spin /></div>;
  if (closed !== null) {
    return (
      <Result status={closed ? 'success' : 'info'} title={closed ? '保存成功' : '已取消'}
        extra={<Button type="primary" onClick={() => setClosed(null)}>{id ? '再次编辑' : '继续新增'}</Button>} />
    );
  }
  const close = (saved: boolean) => {
    const message: OnlineFormMessage = { type: 'online-form-closed', table: schema.table, id, saved };
    if (window.parent !== window) window.parent.postMessage(message, '*');
    setClosed(saved);
  };
  return <FormModal schema={schema} mode={id ? 'edit' : 'add'} record={id ? { id } : null} onClose={close} />;
}
