// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useParams } from 'react-router-dom';
import { afterEach, expect, it, vi } from 'vitest';
import type { PageSchema } from '../../../schema/types';
import GraphreportPreview from '.';

function ChartPage() {
  return <div>chart {useParams().id}</div>;
}

afterEach(cleanup);

it('opens the graph page of the row and closes itself', async () => {
  const onClose = vi.fn();
  render(
    <MemoryRouter initialEntries={['/online/graphreport']}>
      <Routes>
        <Route path="/online/graphreport" element={<GraphreportPreview schema={{} as PageSchema} row={{ id: 'g 1' }} selectedIds={[]} open onClose={onClose} />} />
        <Route path="/online/graphreport/chart/:id" element={<ChartPage />} />
      </Routes>
    </MemoryRouter>,
  );
  expect(await screen.findByText('chart g 1')).toBeInTheDocument();
  expect(onClose).toHaveBeenCalledTimes(1);
  expect(onClose).toHaveBeenCalledWith(false);
});
