import { ArrayTable } from '@formily/antd-v5';
import type { ArrayField } from '@formily/core';
import { observer, useField } from '@formily/react';
import type { ComponentProps } from 'react';

type Props = ComponentProps<typeof ArrayTable>;

/** A sub table's rows: the pager only once there is more than one page of them (a 2-row table has none). */
const Table = observer((props: Props) => {
  const field = useField<ArrayField>();
  const rows = Array.isArray(field.value) ? field.value.length : 0;
  const pageSize = typeof props.pagination === 'object' && props.pagination?.pageSize ? props.pagination.pageSize : 10;
  return <ArrayTable {...props} pagination={rows > pageSize ? props.pagination : false} />;
});

// Its parts (Column, Index, Remove, Addition…) and hooks, not React's own keys of the memo object (type, $$typeof).
const parts = Object.fromEntries(Object.entries(ArrayTable).filter(([k]) => /^([A-Z]|use)/.test(k))) as Omit<typeof ArrayTable, 'type' | '$$typeof' | 'compare' | 'displayName'>;

/** ArrayTable with its parts, as the compiled schema names them. */
export const SubArrayTable = Object.assign(Table, parts);
