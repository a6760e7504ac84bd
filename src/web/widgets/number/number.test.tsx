// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderView } from '../test-form';
import { widgetOf } from '../registry';
import '.';

afterEach(cleanup);

describe('number view', () => {
  it('onlyInteger forces precision 0: a typed decimal is rounded on blur', () => {
    const form = renderView('number', { onlyInteger: true });
    const input = screen.getByRole('spinbutton');
    fireEvent.change(input, { target: { value: '3.7' } });
    fireEvent.blur(input);
    expect(form.values.f).toBe(4);
  });

  it('a decimal column keeps its scale', () => {
    const form = renderView('number', { precision: 2 });
    const input = screen.getByRole('spinbutton');
    fireEvent.change(input, { target: { value: '1.236' } });
    fireEvent.blur(input);
    expect(form.values.f).toBe(1.24);
  });

  it('rejects text that is not a number', () => {
    const form = renderView('number', {}, 5);
    const input = screen.getByRole('spinbutton');
    fireEvent.change(input, { target: { value: 'abc' } });
    fireEvent.blur(input);
    expect(form.values.f).toBe(5);
  });

  it('reads as plain text in a detail form, and in a list cell', () => {
    renderView('number', {}, 1234.5, 'readPretty');
    expect(screen.queryByRole('spinbutton')).toBeNull();
    expect(screen.getByText('1234.5')).toBeInTheDocument();
    expect(widgetOf('number').cell!(0, {}, {} as never)).toBe('0');
    expect(widgetOf('number').cell!(null, {}, {} as never)).toBe('');
  });
});
