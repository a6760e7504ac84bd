import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import type { PanelProps } from '../../renderer/panels';

/** The runtime page of a synced form (JeecgBoot's 功能测试): its list under the online route, in the app. */
const previewPath = (tableName: string) => `/online/cgformList/${encodeURIComponent(tableName)}`;

/** 功能测试: opens the form's page as its users will see it (a tab of the back office), then closes. */
export default function CgformPreview({ row, onClose }: PanelProps) {
  const navigate = useNavigate();
  const table = String(row?.tableName ?? '');
  useEffect(() => {
    if (table) navigate(previewPath(table));
    onClose(false);
  }, [table, navigate, onClose]);
  return null;
}
