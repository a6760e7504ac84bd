import type { ProcessDesign } from '../../../schema/cgform-process';
import { diagram } from './process-model';

const W = 96, H = 36;

/**
 * The state diagram of the process being edited, redrawn on every change: states as boxes in their
 * colours (the initial one marked by a dot, final ones with a double border), transitions as arrows
 * labelled with their names. A transition back to an earlier column curves below the boxes.
 */
export function ProcessDiagram({ process }: { process: ProcessDesign }) {
  const { nodes, edges, width, height } = diagram(process, { w: W, h: H, gapX: 64, gapY: 28 });
  const at = new Map(nodes.map((n) => [n.value, n]));
  const pairs = new Map<string, number>();
  return (
    <svg role="img" aria-label="状态图" data-testid="process-diagram" width="100%" viewBox={`0 0 ${width} ${height + 40}`} style={{ maxHeight: 320, border: '1px solid #f0f0f0', borderRadius: 6 }}>
      <defs>
        <marker id="process-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
          <path d="M0,0 L10,5 L0,10 z" fill="#595959" />
        </marker>
      </defs>
      {edges.map((e) => {
        const a = at.get(e.from), b = at.get(e.to);
        if (!a || !b) return null;
        const key = `${e.from}>${e.to}`;
        const nth = pairs.get(key) ?? 0;
        pairs.set(key, nth + 1);
        const forward = b.x > a.x;
        const x1 = forward ? a.x + W : a.x + W / 2, y1 = forward ? a.y + H / 2 : a.y + H;
        const x2 = forward ? b.x : b.x + W / 2, y2 = forward ? b.y + H / 2 : b.y + H;
        const bend = forward ? (b.y - a.y) / 4 : 30 + nth * 10;
        const cx = (x1 + x2) / 2, cy = forward ? (y1 + y2) / 2 - bend + nth * 12 : Math.max(y1, y2) + bend;
        // The label sits on the curve's middle (a quadratic curve's point at t = ½), so arrows leaving one box keep theirs apart.
        const lx = (x1 + 2 * cx + x2) / 4, ly = (y1 + 2 * cy + y2) / 4;
        return (
          <g key={`${key}#${nth}`} data-testid="diagram-edge">
            <path d={`M${x1},${y1} Q${cx},${cy} ${x2},${y2}`} fill="none" stroke="#8c8c8c" markerEnd="url(#process-arrow)" />
            <text x={lx} y={ly - 4} fontSize="11" textAnchor="middle" fill="#262626" paintOrder="stroke" stroke="#fff" strokeWidth={3}>{e.label}</text>
          </g>
        );
      })}
      {nodes.map((n) => (
        <g key={n.value} data-testid="diagram-state">
          <rect x={n.x} y={n.y} width={W} height={H} rx={8} fill="#fff" stroke={n.color} strokeWidth={2} />
          {n.final && <rect x={n.x + 3} y={n.y + 3} width={W - 6} height={H - 6} rx={6} fill="none" stroke={n.color} />}
          {n.initial && <circle cx={n.x + 10} cy={n.y + H / 2} r={4} fill={n.color} />}
          <text x={n.x + W / 2} y={n.y + H / 2 + 4} fontSize="13" textAnchor="middle" fill={n.color}>{n.label}</text>
        </g>
      ))}
    </svg>
  );
}
