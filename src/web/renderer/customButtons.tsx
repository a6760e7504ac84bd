import {
  AuditOutlined, CheckCircleOutlined, CheckOutlined, CloseCircleOutlined, EditOutlined, FlagOutlined, LinkOutlined, LockOutlined,
  SendOutlined, StarOutlined, StopOutlined, SyncOutlined, ThunderboltOutlined, UnlockOutlined,
} from '@ant-design/icons';
import { App, Button } from 'antd';
import { useCallback, useEffect, useMemo, useState, type ComponentType } from 'react';
import { fillUrl, showsFor, type CustomButton } from '../../schema/cgform-buttons';
import type { PageSchema } from '../../schema/types';
import { http } from '../api/request';
import { WEB_BASE } from '../app/config';
import type { Row } from './api';
import type { RowLink } from './DataTable';

/** The icons a custom button may name (`check` or `CheckOutlined`); importing only these keeps the bundle small. */
const ICONS: Record<string, ComponentType> = {
  audit: AuditOutlined, check: CheckOutlined, 'check-circle': CheckCircleOutlined, 'close-circle': CloseCircleOutlined, edit: EditOutlined,
  flag: FlagOutlined, link: LinkOutlined, lock: LockOutlined, send: SendOutlined, star: StarOutlined, stop: StopOutlined, sync: SyncOutlined,
  thunderbolt: ThunderboltOutlined, unlock: UnlockOutlined,
};

export const BUTTON_ICON_NAMES = Object.keys(ICONS);

export function buttonIcon(name?: string | null) {
  if (!name) return undefined;
  const key = name.replace(/Outlined$/, '').replace(/([a-z])([A-Z])/g, '$1-$2').toLowerCase();
  const Icon = ICONS[key];
  return Icon ? <Icon /> : undefined;
}

/** Online forms are served under /online/data/<table>; other schemas have no custom buttons. */
const onlineTable = (schema: PageSchema) => (schema.api.startsWith('/online/data/') ? schema.table : undefined);

export const customButtonApi = {
  list: (table: string) => http.get<CustomButton[]>(`/online/cgform/api/buttons/${encodeURIComponent(table)}`),
  run: (table: string, code: string, ids: string[]) => http.post<null>('/online/cgform/api/doButton', { formId: table, buttonCode: code, dataId: ids.join(',') }),
};

/** Where a link button goes: the web in a new tab, a path of this app in this one. */
function openUrl(url: string) {
  if (/^https?:/i.test(url)) window.open(url, '_blank', 'noopener,noreferrer');
  else window.location.assign(`${WEB_BASE}${url}`);
}

/**
 * The custom buttons of an online form's page (designed in the form list's 自定义按钮 panel): the
 * enabled buttons the user holds, as row links (`link` style, shown where their condition holds)
 * and toolbar buttons (`button` style, acting on the selected rows). An action asks its confirm text,
 * runs on the server (which checks permission, condition and values again) and refreshes the list.
 */
export function useCustomButtons(schema: PageSchema, can: (action: string, code?: string) => boolean, selectedIds: string[], refresh: () => void) {
  const { message, modal } = App.useApp();
  const table = onlineTable(schema);
  const [buttons, setButtons] = useState<CustomButton[]>([]);
  useEffect(() => {
    if (!table) return;
    let live = true;
    customButtonApi.list(table).then((res) => { if (live && res.success && Array.isArray(res.result)) setButtons(res.result); }).catch(() => undefined);
    return () => { live = false; };
  }, [table]);
  const held = useMemo(() => buttons.filter((b) => can(b.code, b.permission)), [buttons, can]);

  const run = useCallback((b: CustomButton, row: Row | null) => {
    if (b.optType === 'link') {
      const url = b.url ? fillUrl(b.url, row ?? {}) : null;
      if (url) openUrl(url);
      else void message.warning(`${b.name}：链接地址无效`);
      return;
    }
    const ids = row ? [String(row.id)] : selectedIds;
    if (!ids.length) { void message.warning('请选择一条记录'); return; }
    const send = async () => {
      try {
        const res = await customButtonApi.run(table!, b.code, ids);
        if (res.success) { void message.success(res.message || '执行成功!'); refresh(); } else void message.warning(res.message);
      } catch {
        // the request layer has shown the server's words
      }
    };
    if (b.confirm) modal.confirm({ title: b.name, content: b.confirm, onOk: send });
    else void send();
  }, [message, modal, refresh, selectedIds, table]);

  const rowLinks = useCallback((row: Row): RowLink[] => held
    .filter((b) => b.style === 'link' && showsFor(b.exp, row))
    .map((b) => ({ key: `custom:${b.code}`, label: b.name, onClick: () => run(b, row) })), [held, run]);

  const toolbar = held.filter((b) => b.style === 'button').map((b) => (
    <Button key={`custom:${b.code}`} icon={buttonIcon(b.icon)} disabled={b.optType === 'action' && !selectedIds.length} onClick={() => run(b, null)}>{b.name}</Button>
  ));

  return { buttons: held, rowLinks, toolbar };
}
