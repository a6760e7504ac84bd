import { App } from 'antd';
import { useState } from 'react';
import type { Result } from '../api/request';

/**
 * A panel's requests: `send` runs one, shows a success as a toast and a refusal as `problem` (kept
 * in view until the next call), and tells whether the server agreed; `busy` while one runs.
 */
export function useServerCall() {
  const { message } = App.useApp();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const send = async (call: () => Promise<Result<unknown>>): Promise<boolean> => {
    setBusy(true);
    setProblem(null);
    try {
      const res = await call();
      if (!res.success) { setProblem(res.message); return false; }
      void message.success(res.message);
      return true;
    } catch (err) {
      setProblem(err instanceof Error ? err.message : '操作失败');
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { send, busy, problem, setProblem };
}
