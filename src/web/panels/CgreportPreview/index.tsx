import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import type { PanelProps } from '../../renderer/panels';

/** The path of a report's page (the hidden menu route /online/cgreport/:code). */
export const reportPath = (code: string) => `/online/cgreport/${encodeURIComponent(code)}`;

/** 功能测试: opens the report's own page, as a user of its menu entry would see it. */
export default function CgreportPreview({ row, onClose }: PanelProps) {
  const navigate = useNavigate();
  const code = String(row?.code ?? '');
  useEffect(() => {
    if (code) navigate(reportPath(code));
    onClose(false);
  }, [code, navigate, onClose]);
  return null;
}
