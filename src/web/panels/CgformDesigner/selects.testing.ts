import { fireEvent, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';

/** For the designer's tests: opens the antd select labelled so (in `container`) and picks the option with this title. */
export async function pick(container: HTMLElement, label: string, title: string): Promise<void> {
  const select = within(container).getAllByLabelText(label)[0];
  fireEvent.mouseDown(select.closest('.ant-select')!.querySelector('.ant-select-selector')!);
  const options = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].filter((o) => o.title === title);
    expect(found.length).toBeGreaterThan(0);
    return found;
  });
  fireEvent.click(options.at(-1)!);
}

/** The titles of the options the select labelled so (in `container`) offers, once opened. */
export async function optionTitles(container: HTMLElement, label: string): Promise<string[]> {
  fireEvent.mouseDown(within(container).getAllByLabelText(label)[0].closest('.ant-select')!.querySelector('.ant-select-selector')!);
  return waitFor(() => {
    const open = [...document.querySelectorAll<HTMLElement>('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')].at(-1)!;
    const titles = [...open.querySelectorAll<HTMLElement>('.ant-select-item-option')].map((o) => o.title);
    expect(titles.length).toBeGreaterThan(0);
    return titles;
  });
}
