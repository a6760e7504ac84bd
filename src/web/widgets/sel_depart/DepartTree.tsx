import { Empty, Input, Spin, Tree, type TreeDataNode } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { departPickerApi, type DepartNode } from './api';

interface Props {
  /** The whole tree, loaded once by the picker's owner. */
  load: () => Promise<DepartNode[]>;
  /** The column a node is chosen by: id, or orgCode for a field that stores codes. */
  keyOf: (n: DepartNode) => string;
  /** Several checked (each on its own: checkStrictly), else one selected. */
  multiple: boolean;
  value: string[];
  /** The chosen keys and the names of every department this tree has shown. */
  onChange: (keys: string[], names: Map<string, string>) => void;
}

interface Found { nodes: DepartNode[]; message: string }

/** The department tree of the pickers, with a name search (searchBy) that lists the matches flat. */
export function DepartTree({ load, keyOf, multiple, value, onChange }: Props) {
  const [roots, setRoots] = useState<DepartNode[] | null>(null);
  const [found, setFound] = useState<Found | null>(null);
  const names = useRef(new Map<string, string>());

  useEffect(() => {
    let live = true;
    void load().then((nodes) => { if (live) setRoots(nodes); });
    return () => { live = false; };
  }, [load]);

  const treeData = useMemo(() => {
    const toData = (nodes: DepartNode[]): TreeDataNode[] => nodes.map((n) => {
      const title = n.departName ?? n.title;
      names.current.set(keyOf(n), title);
      return { key: keyOf(n), title, children: n.children ? toData(n.children) : undefined };
    });
    return toData(found ? found.nodes : roots ?? []);
  }, [roots, found, keyOf]);

  const search = async (keyWord: string) => {
    const kw = keyWord.trim();
    if (!kw) { setFound(null); return; }
    const res = await departPickerApi.search(kw).catch(() => null);
    if (res) setFound({ nodes: res.success ? res.result ?? [] : [], message: res.success ? '' : res.message });
  };

  const expanded = [...treeData.map((n) => n.key), ...value];
  const tree = multiple ? (
    <Tree
      checkable
      checkStrictly
      selectable={false}
      checkedKeys={value}
      onCheck={(checked) => onChange((Array.isArray(checked) ? checked : checked.checked).map(String), names.current)}
      treeData={treeData}
      defaultExpandedKeys={expanded}
      blockNode
    />
  ) : (
    <Tree
      selectedKeys={value}
      onSelect={(keys) => onChange(keys.map(String), names.current)}
      treeData={treeData}
      defaultExpandedKeys={expanded}
      blockNode
    />
  );

  return (
    <div>
      <Input.Search placeholder="请输入部门名称" aria-label="部门名称" allowClear onSearch={search} style={{ marginBottom: 8 }} />
      {roots === null ? <Spin /> : treeData.length ? <div key={found ? 'found' : 'all'} style={{ maxHeight: 500, overflow: 'auto' }}>{tree}</div>
        : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={found?.message || '暂无数据'} />}
    </div>
  );
}
