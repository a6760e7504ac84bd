// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import '@testing-library/jest-dom/vitest';
import { textCell } from '.';
import { widgetOf } from '../registry';
import { renderView } from '../test-form';

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

describe('text, password and textarea views', () => {
  it('text edits and reads back plainly', () => {
    const form = renderView('text', {}, '旧');
    fireEvent.change(screen.getByRole('textbox'), { target: { value: '新标题' } });
    expect(form.values.f).toBe('新标题');
    cleanup();
    renderView('text', {}, '只读', 'readPretty');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByText('只读')).toBeInTheDocument();
  });

  it('textarea has 4 rows by default (SPEC §9)', () => {
    renderView('textarea');
    expect(screen.getByRole('textbox')).toHaveAttribute('rows', '4');
  });

  it('password hides what is typed, and its cell never shows it', () => {
    const form = renderView('password');
    const input = document.querySelector('input[type=password]') as HTMLInputElement;
    fireEvent.change(input, { target: { value: 's3cret' } });
    expect(form.values.f).toBe('s3cret');
    expect(widgetOf('password').cell!('s3cret', {}, {} as never)).toBe('******');
  });

  it('an unknown or unbuilt view edits as text rather than vanishing', () => {
    expect(widgetOf('hidden').component).toBe(widgetOf('text').component);
  });
});
