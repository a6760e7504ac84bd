import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import type { PanelProps } from '../../renderer/panels';

/** The graph list's 预览: opens the graph's own page (/online/graphreport/chart/:id) in the layout. */
export default function GraphreportPreview({ row, onClose }: PanelProps) {
  const navigate = useNavigate();
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current) return;
    opened.current = true;
    if (row?.id) navigate(`/online/graphreport/chart/${encodeURIComponent(String(row.id))}`);
    onClose(false);
  }, [row, navigate, onClose]);
  return null;
}
