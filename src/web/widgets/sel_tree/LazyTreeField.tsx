import type { Field } from '@formily/core';
import { useField } from '@formily/react';
import { Select } from 'antd';
import { lazy, Suspense } from 'react';
import { valuesOf } from '../sel_search/dict-api';
import { useEcho } from '../sel_search/useEcho';
import { choosePlaceholder } from '../placeholder';

/** One node of a lazily loaded tree level (contract §4.3 TreeSelectModel, as the widgets use it). */
export interface TreeLevelNode { key: string; title: string; isLeaf: boolean; parentId: string | null }

/** The server's TreeSelectModel: the leaf flag's JSON name is `leaf`; `isLeaf` is its copy. */
export const levelNodes = (nodes: { key: string; title: string; leaf?: boolean; isLeaf?: boolean; parentId?: string | null }[]): TreeLevelNode[] =>
  nodes.map((n) => ({ key: String(n.key), title: n.title, isLeaf: n.isLeaf ?? n.leaf ?? false, parentId: n.parentId ?? null }));

// The tree select is its own chunk: read-pretty forms and list pages never load it.
const TreeSelectEditor = lazy(() => import('./TreeSelectEditor'));

export interface LazyTreeFieldProps {
  /** Identifies the tree and its settings; undefined when unusable (disabled, nothing asked). */
  source?: string;
  /** Identifies where the stored keys' labels come from, when not from `source` (a tree that waits for another field). */
  echo?: string;
  loadLevel: (parent?: string) => Promise<TreeLevelNode[]>;
  /** The labels of stored keys, in order. */
  fetchTexts: (keys: string[]) => Promise<string[]>;
  multiple?: boolean;
  value?: unknown;
  onChange?: (v: unknown) => void;
  disabled?: boolean;
  readOnly?: boolean;
  placeholder?: string;
  'aria-label'?: string;
}

/**
 * A tree select field (sel_tree, cat_tree): stores node keys, several comma-joined; shows them by
 * their labels (echo), as plain text when read-pretty.
 */
export function LazyTreeField({ source, echo, loadLevel, fetchTexts, multiple, value, onChange, disabled, readOnly, placeholder, 'aria-label': label }: LazyTreeFieldProps) {
  const field = useField<Field>();
  const keys = valuesOf(value);
  const { labels, remember } = useEcho(echo ?? source, keys, fetchTexts);
  if (field?.pattern === 'readPretty') return <span>{keys.map((k) => labels.get(k) ?? k).join(',')}</span>;

  const off = disabled || readOnly || !source;
  const pick = (picked: [string, string][]) => {
    remember(picked);
    onChange?.(picked.length ? picked.map(([k]) => k).join(',') : null);
  };
  const empty = placeholder ?? choosePlaceholder(label);
  return (
    <Suspense fallback={<Select aria-label={label} loading disabled placeholder={empty} style={{ width: '100%' }} />}>
      <TreeSelectEditor source={source ?? ''} loadLevel={source ? loadLevel : async () => []} keys={keys} labels={labels}
        multiple={multiple} disabled={off} placeholder={empty} label={label} onPick={pick} />
    </Suspense>
  );
}
