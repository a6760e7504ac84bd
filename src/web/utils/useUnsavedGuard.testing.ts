import { cleanup, fireEvent, screen } from '@testing-library/react';
import { Modal } from 'antd';
import { expect, type Mock } from 'vitest';

/** For tests of forms guarded by useUnsavedGuard: whether leaving the browser tab now would be asked. */
export function leavingAsks(): boolean {
  const e = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(e);
  return e.defaultPrevented;
}

/** Answers 放弃未保存的修改？. */
export async function answerUnsaved(choice: '放弃修改' | '继续编辑'): Promise<void> {
  fireEvent.click(await screen.findByRole('button', { name: choice }));
}

/** An untouched form holds neither the browser tab nor its 取消: `open()` (answering its onClose) and 取消 close it at once. */
export function expectUntouchedToClose(open: () => Mock): void {
  const onClose = open();
  expect(leavingAsks()).toBe(false);
  fireEvent.click(screen.getByRole('button', { name: /取\s*消/ }));
  expect(onClose).toHaveBeenCalledWith(false);
  cleanup();
}

/** The question is a static dialog, which cleanup() does not unmount: its markup goes too, so the next test meets only its own. */
export function removeQuestions(): void {
  Modal.destroyAll();
  document.querySelectorAll('.ant-modal-root').forEach((root) => root.parentElement?.remove());
}
