import { App, Form, Modal, Select } from 'antd';
import { useEffect, useState } from 'react';
import { authApi } from '../../api/auth';
import type { Depart } from '../../api/types';
import { session, useSession } from '../../app/session';

interface Props {
  open: boolean;
  onClose: () => void;
  /** The departments a login answered with: shown at once instead of asked for again. */
  departs?: Depart[];
  /** Called once the dialog is on screen. */
  onShown?: () => void;
}

interface Choice {
  departs: Depart[];
  current?: string;
}

/** SPEC §4 department modal: shown once the user's departments are loaded; the choice becomes the current one. */
export default function DepartModal({ open, onClose, onShown, departs: known }: Props) {
  const { message } = App.useApp();
  const { username, orgCode } = useSession().userInfo ?? {};
  const [form] = Form.useForm<{ orgCode: string }>();
  const [choice, setChoice] = useState<Choice | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    const show = (departs: Depart[], current: string | null | undefined) =>
      setChoice({ departs, current: departs.some((d) => d.orgCode === current) ? current ?? undefined : undefined });
    if (known?.length) {
      show(known, orgCode);
      return;
    }
    let active = true;
    authApi.currentDeparts().then((res) => {
      if (!active) return;
      const departs = res.result?.list ?? [];
      if (!res.success || departs.length === 0) {
        message.warning(res.success ? '您尚未设置部门信息!' : res.message);
        onClose();
        return;
      }
      show(departs, res.result.orgCode);
    }, () => { if (active) onClose(); });
    return () => { active = false; };
    // Loaded once per opening: a new onClose identity from the parent must not reload the list.
  }, [open]); // eslint-disable-line react-hooks/exhaustive-deps

  const confirm = async () => {
    const orgCode = await form.validateFields().then((v) => v.orgCode, () => undefined);
    if (!orgCode) return;
    setSaving(true);
    const res = await authApi.selectDepart({ orgCode, username: username ?? '' }).catch(() => null);
    setSaving(false);
    if (!res) return;
    if (!res.success) {
      message.warning(res.message);
      return;
    }
    session.setUserInfo(res.result.userInfo);
    message.success('部门切换成功');
    onClose();
  };

  return (
    <Modal
      title="切换登录部门"
      width={450}
      open={open && choice !== null}
      confirmLoading={saving}
      onOk={confirm}
      onCancel={onClose}
      afterOpenChange={(shown) => { if (shown) onShown?.(); }}
      afterClose={() => setChoice(null)}
      destroyOnHidden
      maskClosable={false}
    >
      {choice && (
        <Form form={form} layout="vertical" initialValues={{ orgCode: choice.current }} preserve={false}>
          <Form.Item name="orgCode" label="部门" rules={[{ required: true, message: '请选择部门' }]}>
            <Select
              placeholder="请选择部门"
              options={choice.departs.map((d) => ({ value: d.orgCode, label: d.departName }))}
              showSearch
              optionFilterProp="label"
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
