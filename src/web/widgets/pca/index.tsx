import { Select } from 'antd';
import { lazy, Suspense } from 'react';
import { registerWidget, type CellRenderer } from '../registry';
import { textCell } from '../text';
import type { AreaInputProps } from './AreaInput';

// The input and, through it, the area data are chunks of their own, loaded when an area field shows.
const AreaInput = lazy(() => import('./AreaInput'));

/** Province/city/district (SPEC §9: a cascader by default, 100% wide; `select` gives three selects). */
function PcaInput(props: AreaInputProps) {
  return (
    <Suspense fallback={<Select aria-label={props['aria-label']} loading disabled style={{ width: '100%' }} />}>
      <AreaInput {...props} />
    </Suspense>
  );
}

/** The server's names (`<field>_dictText`: 北京市/市辖区/东城区); an unknown code as stored. */
const pcaCell: CellRenderer = (value, row, column) => textCell(row[`${column.field}_dictText`] ?? value, row, column);

registerWidget('pca', { component: PcaInput, cell: pcaCell });
