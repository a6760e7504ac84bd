import { SearchOutlined } from '@ant-design/icons';
import { AutoComplete, Button, Input, Modal } from 'antd';
import { useMemo, useState } from 'react';
import type { PageRoute } from '../../app/routes';

interface MenuSearchProps {
  routes: PageRoute[];
  isMobile: boolean;
  onNavigate: (path: string) => void;
}

/** Searches the visible pages by title (and group); on mobile it opens in a modal. */
export function MenuSearch({ routes, isMobile, onNavigate }: MenuSearchProps) {
  const [text, setText] = useState('');
  const [modalOpen, setModalOpen] = useState(false);
  const options = useMemo(
    () => routes
      .filter((r) => !r.hidden && !r.path.includes(':'))
      .map((r) => ({ value: r.path, label: [...r.parents.map((p) => p.title), r.meta.title ?? r.name].join(' / ') })),
    [routes],
  );

  const search = (
    <AutoComplete
      value={text}
      defaultActiveFirstOption
      options={options}
      onChange={setText}
      onSelect={(path: string) => {
        setText('');
        setModalOpen(false);
        onNavigate(path);
      }}
      filterOption={(input, option) => !!option?.label.toLowerCase().includes(input.trim().toLowerCase())}
      style={{ width: isMobile ? '100%' : 200 }}
      popupMatchSelectWidth={isMobile ? true : 260}
    >
      <Input prefix={<SearchOutlined />} placeholder="搜索菜单" aria-label="搜索菜单" allowClear autoFocus={isMobile} />
    </AutoComplete>
  );

  if (!isMobile) return search;
  return (
    <>
      <Button type="text" icon={<SearchOutlined />} aria-label="搜索菜单" onClick={() => setModalOpen(true)} />
      <Modal title="搜索菜单" open={modalOpen} footer={null} onCancel={() => setModalOpen(false)} destroyOnHidden>
        {search}
      </Modal>
    </>
  );
}
