import { Modal } from 'antd';
import { useRef, useState } from 'react';
import type { DepartNode } from './api';
import { DepartTree } from './DepartTree';
import type { PickerModalProps } from '../picker/PickerField';


/** The department picker (JSelectDepart): the tree, several checked or one selected. */
export default function DepartModal({ multiple, store, chosen, loadTree, onOk, onCancel }: PickerModalProps) {
  const [keys, setKeys] = useState(() => chosen.map((c) => c.key));
  const names = useRef(new Map(chosen.map((c) => [c.key, c.label])));
  const keyOf = store === 'orgCode' ? byOrgCode : byId;

  const pick = (next: string[], seen: Map<string, string>) => {
    for (const k of next) if (seen.has(k)) names.current.set(k, seen.get(k)!);
    setKeys(next);
  };

  return (
    <Modal open title="选择部门" width={500} onOk={() => onOk(keys.map((key) => ({ key, label: names.current.get(key) ?? key })))} onCancel={onCancel} destroyOnHidden>
      <DepartTree load={loadTree} keyOf={keyOf} multiple={multiple} value={keys} onChange={pick} />
    </Modal>
  );
}

const byId = (n: DepartNode) => n.id;
const byOrgCode = (n: DepartNode) => n.orgCode;
