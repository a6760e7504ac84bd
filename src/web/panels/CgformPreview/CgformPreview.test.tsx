// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useParams } from 'react-router-dom';
import { afterEach, expect, it, vi } from 'vitest';
import type { PageSchema } from '../../../schema/types';
import CgformPreview from '.';

afterEach(cleanup);

function OnlinePage() {
  return <div>online page {useParams().code}</div>;
}

it("opens the synced form's page inside the app and closes", async () => {
  const onClose = vi.fn();
  render(
    <MemoryRouter initialEntries={['/online/cgform']}>
      <Routes>
        <Route path="/online/cgform" element={<CgformPreview schema={{} as PageSchema} row={{ id: 'h1', tableName: 'demo_contract' }} selectedIds={[]} open onClose={onClose} />} />
        <Route path="/online/cgformList/:code" element={<OnlinePage />} />
      </Routes>
    </MemoryRouter>,
  );
  expect(await screen.findByText('online page demo_contract')).toBeInTheDocument();
  await waitFor(() => expect(onClose).toHaveBeenCalledWith(false));
});
