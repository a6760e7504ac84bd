// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderView } from '../test-form';
import { widgetOf } from '../registry';
import '.';

afterEach(cleanup);

describe('number view', () => {
  it('never rounds what was typed: 3.7 in an integer field stays for the form to refuse', () => {
    const form = renderView('number', { onlyInteger: true });
    const input = screen.getByRole('spinbutton');
    expect(input).toHaveAttribute('placeholder', '整数');
    fireEvent.change(input, { target: { value: '3.7' } });
    fireEvent.blur(input);
    expect(form.values.f).toBe(3.7);
  });

  it('a decimal column shows its scale and keeps a longer value as typed', () => {
    const form = renderView('number', { precision: 2 });
    const input = screen.getByRole('spinbutton');
    expect(input).toHaveAttribute('placeholder', '最多2位小数');
    fireEvent.change(input, { target: { value: '1.236' } });
    fireEvent.blur(input);
    expect(form.values.f).toBe(1.236);
    fireEvent.change(input, { target: { value: '12000.5' } });
    fireEvent.blur(input);
    expect(form.values.f).toBe(12000.5);
    expect(input).toHaveValue('12000.50');
  });

  it('rejects text that is not a number', () => {
    const form = renderView('number', {}, 5);
    const input = screen.getByRole('spinbutton');
    fireEvent.change(input, { target: { value: 'abc' } });
    fireEvent.blur(input);
    expect(form.values.f).toBe(5);
  });

  it('reads as plain text in a detail form, and in a list cell', () => {
    renderView('number', { precision: 2 }, 1234.5, 'readPretty');
    expect(screen.queryByRole('spinbutton')).toBeNull();
    expect(screen.getByText('1234.50')).toBeInTheDocument();
    expect(widgetOf('number').cell!(0, {}, {} as never)).toBe('0');
    expect(widgetOf('number').cell!(12000.5, {}, { scale: 2 } as never)).toBe('12000.50');
    expect(widgetOf('number').cell!(null, {}, {} as never)).toBe('');
  });
});
