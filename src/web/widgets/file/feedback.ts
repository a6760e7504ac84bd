import { App, message } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';

/**
 * The page's message API: the themed one of the surrounding antd `App`, else the static one (a
 * widget may be rendered outside the app shell, e.g. in a test or a detached form).
 */
export function useFeedback(): Pick<MessageInstance, 'warning' | 'error'> {
  const { message: themed } = App.useApp();
  return typeof themed.warning === 'function' ? themed : message;
}
