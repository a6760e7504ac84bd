// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { textCell } from '.';

afterEach(cleanup);

describe('textCell', () => {
  it('shows short text whole and cuts long text at 25 characters, the whole text on hover', async () => {
    const long = '一'.repeat(30);
    render(<div>{textCell('短文本', {}, undefined as never)}{textCell(long, {}, undefined as never)}</div>);
    expect(screen.getByText('短文本')).toBeTruthy();
    const cut = screen.getByText(`${'一'.repeat(25)}...`);
    expect(document.querySelector('.ant-tooltip')).toBeNull();
    fireEvent.mouseEnter(cut);
    expect((await screen.findByRole('tooltip')).textContent).toBe(long);
  });
});
