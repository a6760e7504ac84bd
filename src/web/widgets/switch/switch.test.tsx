// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderView } from '../test-form';
import { widgetOf } from '../registry';
import '.';

afterEach(cleanup);

describe('switch view', () => {
  it('stores Y and N by default (SPEC §3)', () => {
    const form = renderView('switch');
    fireEvent.click(screen.getByRole('switch'));
    expect(form.values.f).toBe('Y');
    fireEvent.click(screen.getByRole('switch'));
    expect(form.values.f).toBe('N');
  });

  it('stores the field’s own pair when it names one', () => {
    const form = renderView('switch', { switchOptions: [1, 0] }, 1);
    expect(screen.getByRole('switch')).toBeChecked();
    fireEvent.click(screen.getByRole('switch'));
    expect(form.values.f).toBe(0);
  });

  it('is locked when read-only and reads 是/否 in a detail form and a list cell', () => {
    renderView('switch', {}, 'Y', 'readOnly');
    expect(screen.getByRole('switch')).toBeDisabled();
    cleanup();
    renderView('switch', {}, 'N', 'readPretty');
    expect(screen.getByText('否')).toBeInTheDocument();
    const cell = widgetOf('switch').cell!;
    expect(cell('Y', {}, { extend: {} } as never)).toBe('是');
    expect(cell(1, {}, { extend: { switchOptions: [1, 0] } } as never)).toBe('是');
    expect(cell('', {}, {} as never)).toBe('');
  });
});
