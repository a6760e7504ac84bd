// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { useEffect, useRef } from 'react';
import { afterEach, expect, it } from 'vitest';
import { useReturnFocus } from './useReturnFocus';

/** A dialog that takes the focus on mount, as antd's Modal does. */
function Dialog() {
  useReturnFocus();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => { input.current?.focus(); }, []);
  return <div role="dialog"><input ref={input} aria-label="意见" /></div>;
}

afterEach(cleanup);

it('gives the focus back to the opener when the dialog is removed', async () => {
  const view = render(<><button type="button">通过</button></>);
  const opener = view.getByRole('button');
  opener.focus();
  view.rerender(<><button type="button">通过</button><Dialog /></>);
  expect(document.activeElement).toBe(view.getByRole('textbox'));
  view.rerender(<><button type="button">通过</button></>);
  await new Promise((r) => setTimeout(r, 0));
  expect(document.activeElement).toBe(opener);
});
