import { Button, Form, Input, Select, Table } from 'antd';
import { FieldNameSelect } from './cells';

const indexTypes = [{ value: 'normal', label: 'normal' }, { value: 'unique', label: 'unique' }];

/** 索引: name, the columns (chosen from the design's field names) and normal or unique. */
export function IndexGrid() {
  return (
    <Form.List name="indexs">
      {(rows, { add, remove }) => (
        <>
          <Button style={{ marginBottom: 8 }} onClick={() => add({ indexName: '', indexField: [], indexType: 'normal' })}>新增索引</Button>
          <Table
            size="small"
            bordered
            rowKey="key"
            pagination={false}
            dataSource={rows}
            columns={[
              { title: '索引名称', key: 'indexName', width: 220, render: (_, r) => <Form.Item name={[r.name, 'indexName']} noStyle><Input aria-label="索引名称" /></Form.Item> },
              { title: '索引栏位', key: 'indexField', render: (_, r) => <Form.Item name={[r.name, 'indexField']} noStyle><FieldNameSelect multiple aria-label="索引栏位" /></Form.Item> },
              { title: '索引类型', key: 'indexType', width: 140, render: (_, r) => <Form.Item name={[r.name, 'indexType']} noStyle><Select aria-label="索引类型" options={indexTypes} style={{ width: '100%' }} /></Form.Item> },
              { title: '操作', key: 'op', width: 70, render: (_, r) => <a onClick={() => remove(r.name)}>删除</a> },
            ]}
          />
        </>
      )}
    </Form.List>
  );
}
