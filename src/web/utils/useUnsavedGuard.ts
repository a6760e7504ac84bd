import { Modal } from 'antd';
import { useEffect, useRef } from 'react';

/**
 * What was typed and not saved is not thrown away unasked. While `isDirty()` holds, the returned
 * `leave` (the form's 取消, × and Esc) asks 放弃未保存的修改？ before it calls `close`, and closing or
 * reloading the browser tab raises the browser's own question (beforeunload). `what` names the work
 * in the question: 表单, 设计.
 */
export function useUnsavedGuard(isDirty: () => boolean, close: () => void, what = '表单'): () => void {
  const latest = useRef({ isDirty, close });
  latest.current = { isDirty, close };
  const asking = useRef(false);

  useEffect(() => {
    const ask = (e: BeforeUnloadEvent) => {
      if (!latest.current.isDirty()) return;
      e.preventDefault();
      e.returnValue = ''; // what older browsers need to ask
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, []);

  return () => {
    if (!latest.current.isDirty()) { latest.current.close(); return; }
    if (asking.current) return;
    asking.current = true;
    Modal.confirm({
      title: '放弃未保存的修改？',
      content: `${what}中有尚未保存的修改，关闭后将丢失。`,
      okText: '放弃修改',
      okButtonProps: { danger: true },
      cancelText: '继续编辑',
      onOk: () => latest.current.close(),
      afterClose: () => { asking.current = false; },
    });
  };
}
