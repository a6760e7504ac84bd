// Pickers bench page: ?case=userPicker|userSelect|catTree|catTreeSelect (scripts/bench/pickers.mjs).
// The real sel_user / cat_tree widgets from the registry, in a Formily form, on the real request
// layer (same origin as the API; the token is in localStorage as the app keeps it); or a plain
// antd Select / TreeSelect holding the same users / categories, read from a JSON file the bench
// wrote from the same server's answers. window.__bench.ready once mounted (and the data is in).
import { createForm } from '@formily/core';
import { Field, FormProvider } from '@formily/react';
import { App, ConfigProvider, Select, TreeSelect } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import type { FieldSchema, ViewType } from '../../../src/schema/types';
import { dictOf } from '../../../src/schema/views';
import '../../../src/web/styles/global.css';
import { widgetOf } from '../../../src/web/widgets';
import { bench } from './probe';

/** A real view in a Formily field, with the props the form compiler gives it (`dict: dictOf(field)`). */
function RealWidget({ view }: { view: ViewType }) {
  const form = useMemo(() => createForm(), []);
  const schema = { name: 'picked', label: view, type: 'string', view } as FieldSchema;
  useEffect(() => { bench.ready = true; }, []);
  return (
    <FormProvider form={form}>
      <Field name="picked" component={[widgetOf(view).component, { dict: dictOf(schema) }]} />
    </FormProvider>
  );
}

/** Loads a baseline's data file (timed) and hands it to `render`. */
function WithData<T>({ file, render }: { file: string; render: (data: T) => ReactNode }) {
  const [data, setData] = useState<T>();
  useEffect(() => {
    const t0 = performance.now();
    void fetch(file).then((r) => r.json()).then((d: T) => { bench.dataMs = performance.now() - t0; setData(d); });
  }, [file]);
  useEffect(() => { if (data) bench.ready = true; }, [data]);
  return data ? render(data) : null;
}

/** users.json: [username, realname] in the picker's order (newest first). */
function UserSelect({ users }: { users: [string, string][] }) {
  const options = useMemo(() => users.map(([u, name]) => ({ value: u, label: `${name} ${u}` })), [users]);
  return <Select showSearch optionFilterProp="label" allowClear placeholder="请选择用户" options={options} style={{ width: '100%' }} />;
}

interface TreeNode { value: string; title: string; children?: TreeNode[] }
/** tree.json: every category as nested treeData; the same dropdown height as the widget's (SPEC §9: 400). */
function CategoryTreeSelect({ tree }: { tree: TreeNode[] }) {
  return <TreeSelect showSearch treeNodeFilterProp="title" allowClear placeholder="请选择" treeData={tree} listHeight={400} style={{ width: '100%' }} />;
}

const CASES: Record<string, () => ReactNode> = {
  userPicker: () => <RealWidget view="sel_user" />,
  catTree: () => <RealWidget view="cat_tree" />,
  userSelect: () => <WithData<[string, string][]> file="./users.json" render={(users) => <UserSelect users={users} />} />,
  catTreeSelect: () => <WithData<TreeNode[]> file="./tree.json" render={(tree) => <CategoryTreeSelect tree={tree} />} />,
};

const name = new URLSearchParams(location.search).get('case') ?? '';
const Case = CASES[name];
if (!Case) bench.error = `unknown case "${name}"`;
else {
  createRoot(document.getElementById('root')!).render(
    <ConfigProvider locale={zhCN}>
      <App>
        <div style={{ width: 480, padding: 24 }}><Case /></div>
      </App>
    </ConfigProvider>,
  );
}
