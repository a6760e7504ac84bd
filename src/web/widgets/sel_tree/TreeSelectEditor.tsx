import { TreeSelect } from 'antd';
import { useEffect, useRef, useState } from 'react';
import type { TreeLevelNode } from './LazyTreeField';

/** SPEC §9: a tree dropdown is at most 400 px high. */
export const TREE_DROPDOWN_HEIGHT = 400;

/** A loaded node in antd's flat ("simple mode") tree data: parents are found by `pId`. */
interface FlatNode { id: string; pId: string | null; value: string; title: string; isLeaf: boolean }

const flat = (n: TreeLevelNode, parent?: string): FlatNode => ({ id: n.key, pId: parent ?? n.parentId, value: n.key, title: n.title, isLeaf: n.isLeaf });

export interface TreeSelectEditorProps {
  /** Identifies the tree: another tree starts again from its roots. */
  source: string;
  loadLevel: (parent?: string) => Promise<TreeLevelNode[]>;
  keys: string[];
  labels: ReadonlyMap<string, string>;
  multiple?: boolean;
  disabled?: boolean;
  placeholder?: string;
  /** The field's label, naming the input for a screen reader. */
  label?: string;
  onPick: (picked: [string, string][]) => void;
}

/**
 * The editing tree: its roots on mount, then the children of a node when it is expanded — never
 * the whole tree, so a tree of thousands of nodes costs one level per click.
 */
export default function TreeSelectEditor({ source, loadLevel, keys, labels, multiple, disabled, placeholder, label, onPick }: TreeSelectEditorProps) {
  const [nodes, setNodes] = useState<FlatNode[]>([]);
  const latest = useRef(loadLevel);
  latest.current = loadLevel;
  /** Children asked per node: the tree may ask a node again while its first answer is being applied. */
  const asked = useRef(new Map<string, Promise<void>>());

  useEffect(() => {
    setNodes([]);
    asked.current = new Map();
    let live = true;
    latest.current().then((level) => { if (live) setNodes(level.map((n) => flat(n))); }).catch(() => undefined);
    return () => { live = false; };
  }, [source]);

  const loadChildren = ({ value }: { value?: unknown }) => {
    const parent = String(value);
    const known = asked.current.get(parent);
    if (known) return known;
    // A failed answer is forgotten, so opening the node again asks again.
    const loading = latest.current(parent).catch(() => { asked.current.delete(parent); return []; }).then((level) => setNodes((prev) => {
      const have = new Set(prev.map((n) => n.id));
      return [...prev, ...level.filter((n) => !have.has(n.key)).map((n) => flat(n, parent))];
    }));
    asked.current.set(parent, loading);
    return loading;
  };

  const titles = new Map(nodes.map((n) => [n.value, n.title]));
  const labelled = keys.map((k) => ({ value: k, label: labels.get(k) ?? titles.get(k) ?? k }));
  type Picked = { value: string | number; label?: unknown } | undefined;
  const change = (v: Picked | Picked[]) => {
    const list = (Array.isArray(v) ? v : [v]).filter((p): p is NonNullable<Picked> => !!p);
    onPick(list.map((p) => {
      const key = String(p.value);
      return [key, titles.get(key) ?? (typeof p.label === 'string' ? p.label : key)];
    }));
  };

  return (
    <TreeSelect
      aria-label={label}
      allowClear
      showSearch
      labelInValue
      treeDataSimpleMode
      treeNodeFilterProp="title"
      multiple={multiple}
      disabled={disabled}
      placeholder={placeholder}
      treeData={nodes}
      loadData={loadChildren}
      value={multiple ? labelled : labelled[0]}
      onChange={change}
      listHeight={TREE_DROPDOWN_HEIGHT}
      styles={{ popup: { root: { maxHeight: TREE_DROPDOWN_HEIGHT, overflow: 'auto' } } }}
      style={{ width: '100%' }}
    />
  );
}
