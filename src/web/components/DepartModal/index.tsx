import { App, Form, Modal, Select } from 'antd';
import { useEffect, useState } from 'react';
import { authApi } from '../../api/auth';
import type { Depart } from '../../api/types';
import { session, useSession } from '../../app/session';

interface Props {
  open: boolean;
  onClose: () => void;
}

interface Choice {
  departs: Depart[];
  current?: string;
}

/** SPEC §4 department modal: shown once the user's departments are loaded; the choice becomes the current one. */
export default function DepartModal({ open, onClose }: Props) {
  const { message } = App.useApp();
  const username = useSession().userInfo?.username;
  const [form] = Form.useForm<{ orgCode: string }>();
  const [choice, setChoice] = useState<Choice | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    let active = true;
    authApi.currentDeparts().then((res) => {
      if (!active) return;
      const departs = res.result?.list ?? [];
      if (!res.success || departs.length === 0) {
        message.warning(res.success ? '您尚未设置部门信息!' : res.message);
        onClose();
        return;
      }
      const current = departs.some((d) => d.orgCode === res.result.orgCode) ? res.result.orgCode ?? undefined : undefined;
      setChoice({ departs, current });
    }, () => { if (active) onClose(); });
    return () => { active = false; };
    // Loaded once per opening: a new onClose identity from the parent must not reload the list.
  }, [open]);

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
