import { fireEvent, screen } from '@testing-library/react';

/** For tests of forms guarded by useUnsavedGuard: whether leaving the browser tab now would be asked. */
export function leavingAsks(): boolean {
  const e = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(e);
  return e.defaultPrevented;
}

/** Answers 放弃未保存的修改？ (the newest one: static confirms of earlier tests may still be closing). */
export async function answerUnsaved(choice: '放弃修改' | '继续编辑'): Promise<void> {
  fireEvent.click((await screen.findAllByRole('button', { name: choice })).at(-1)!);
}
