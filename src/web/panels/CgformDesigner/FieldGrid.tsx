import { Form, Table, type FormListFieldData, type GetRef } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { gridColumns, type GridTab } from './columns';

/** What the window leaves the grid below the designer's head, tabs and the drawer's title. */
const ABOVE_GRID = 330;
const gridHeight = () => Math.max(320, window.innerHeight - ABOVE_GRID);

/** The grid's height follows the window (virtual rows need a number, not a CSS length). */
function useGridHeight(): number {
  const [height, setHeight] = useState(gridHeight);
  useEffect(() => {
    const resize = () => setHeight(gridHeight());
    window.addEventListener('resize', resize);
    return () => window.removeEventListener('resize', resize);
  }, []);
  return height;
}

/**
 * One tab's view of the field rows. The table is virtual: only the rows in sight are drawn (the
 * values of the others stay in the form), so a form of 60 or more fields opens, switches tabs and
 * adds rows without delay.
 */
export function FieldGrid({ tab }: { tab: GridTab }) {
  const form = Form.useFormInstance();
  return (
    <Form.List name="fields">
      {(rows, { remove }) => <Rows rows={rows} columns={gridColumns(tab, form, remove)} />}
    </Form.List>
  );
}

function Rows({ rows, columns }: { rows: FormListFieldData[]; columns: ReturnType<typeof gridColumns> }) {
  const table = useRef<GetRef<typeof Table>>(null);
  const height = useGridHeight();
  const count = useRef(0);
  // A row added (not the rows of a loaded design) is scrolled into sight.
  useEffect(() => {
    if (count.current && rows.length > count.current) table.current?.scrollTo({ index: rows.length - 1 });
    count.current = rows.length;
  }, [rows.length]);
  const width = columns.reduce((sum, c) => sum + Number(c.width ?? 0), 0);
  return <Table ref={table} virtual size="small" bordered rowKey="key" pagination={false} dataSource={rows} columns={columns} scroll={{ x: width, y: height }} />;
}
