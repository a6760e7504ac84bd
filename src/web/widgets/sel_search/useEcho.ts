import { useCallback, useEffect, useRef, useState } from 'react';

type Labels = ReadonlyMap<string, string>;

/**
 * The labels of a field's stored values (the picker "echo"): values whose label is not known yet
 * are asked of the server, once; labels of values just picked from loaded options are remembered
 * instead of asked. `source` names where labels come from: another source starts afresh, and none
 * asks nothing.
 */
export function useEcho(source: string | undefined, keys: string[], fetchTexts: (keys: string[]) => Promise<string[]>) {
  const [state, setState] = useState<{ source?: string; labels: Labels }>({ source, labels: new Map() });
  const labels = state.source === source ? state.labels : new Map<string, string>();
  const latest = useRef({ labels, fetchTexts });
  latest.current = { labels, fetchTexts };
  const wanted = keys.join(',');

  const add = useCallback((from: string | undefined, pairs: [string, string][]) => setState((prev) => {
    const next = new Map(prev.source === from ? prev.labels : []);
    for (const [k, v] of pairs) next.set(k, v);
    return { source: from, labels: next };
  }), []);

  useEffect(() => {
    const missing = wanted ? wanted.split(',').filter((k) => !latest.current.labels.has(k)) : [];
    if (!source || !missing.length) return;
    let live = true;
    latest.current.fetchTexts(missing)
      .then((texts) => { if (live) add(source, missing.map((k, i) => [k, texts[i] ?? k])); })
      // The request layer already told the user; the raw value stays shown.
      .catch(() => undefined);
    return () => { live = false; };
  }, [source, wanted, add]);

  const remember = useCallback((pairs: [string, string][]) => add(source, pairs), [add, source]);
  return { labels, remember };
}
