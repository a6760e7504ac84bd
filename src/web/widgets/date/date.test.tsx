// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderView } from '../test-form';
import { widgetOf } from '../registry';
import '.';

afterEach(cleanup);

describe('date, datetime and time views', () => {
  it.each([
    ['date', '2025-05-01'],
    ['datetime', '2025-05-01 09:30:00'],
    ['time', '08:05:00'],
  ] as const)('%s shows a stored %s in the SPEC format', (view, value) => {
    renderView(view, {}, value);
    expect(screen.getByRole('textbox')).toHaveValue(value);
  });

  it.each(['date', 'datetime'] as const)('a %s range query has two inputs, begin and end', (view) => {
    const Range = widgetOf(view).range!;
    render(<Range value={[]} onChange={() => undefined} />);
    expect(screen.getAllByRole('textbox')).toHaveLength(2);
  });

  it('read-only locks the picker; a detail form shows the text', () => {
    renderView('date', {}, '2025-05-01', 'readOnly');
    expect(screen.getByRole('textbox')).toBeDisabled();
    cleanup();
    renderView('datetime', {}, '2025-05-01 09:30:00', 'readPretty');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByText('2025-05-01 09:30:00')).toBeInTheDocument();
    expect(widgetOf('time').cell!(null, {}, {} as never)).toBe('');
  });
});
