import { App } from 'antd';
import UserModal from '../../widgets/sel_user/UserModal';
import { useDepartTree } from '../../widgets/sel_depart/api';
import type { Choice } from '../../widgets/picker/picker-value';

interface Props {
  /** Resolves true when the chosen users were taken (the picker then closes). */
  onConfirm: (userIds: string[]) => Promise<boolean>;
  onCancel: () => void;
}

/** Adding users to a role: the sel_user picker (department tree, paged users), several chosen by id. */
export function UserPickerModal({ onConfirm, onCancel }: Props) {
  const { message } = App.useApp();
  const loadTree = useDepartTree();
  const ok = async (picked: Choice[]) => {
    if (!picked.length) { void message.warning('请选择用户'); return; }
    if (await onConfirm(picked.map((c) => c.key))) onCancel();
  };
  return <UserModal multiple store="id" chosen={[]} loadTree={loadTree} onOk={(picked) => void ok(picked)} onCancel={onCancel} />;
}
