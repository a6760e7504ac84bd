// Kept-alive pages benchmark (not a test): how much of the hidden tabs' pages React renders again when
// a person navigates. The administrator opens twelve menu pages (their tabs stay open; the last ten
// stay mounted, hidden), then goes to 新闻管理 and back to 工作台. A React DevTools hook installed in the
// page counts, per commit, the components rendered again inside a hidden page (display: none), by page,
// and the places such a render started (a component whose parent did not render: a state or context
// change), with the contexts that changed. Aim (issue 37): hidden kept-alive tabs do not re-render.
// Usage: node scripts/bench/kept-renders.mjs   env WEB_DIST (default dist/web; build with --minify false for names)
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, signedIn, startApp } from './lib/back-office.mjs';
import { reportFigure } from './lib/figures.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const webDist = path.resolve(root, process.env.WEB_DIST ?? 'dist/web');
if (!fs.existsSync(path.join(webDist, 'index.html'))) {
  console.error('build the web app first: npm run build (or set WEB_DIST)');
  process.exit(1);
}

/** Installed before React loads: React reports every commit to this hook. */
function countHiddenRenders() {
  const COMPONENT = [0, 1, 11, 14, 15]; // function, class, forwardRef, memo, simple memo
  const nameOf = (f) => {
    const t = f.type;
    if (!t) return '?';
    if (typeof t === 'string') return t;
    return t.displayName || t.name || t.render?.displayName || t.render?.name || t.type?.displayName || t.type?.name || 'anonymous';
  };
  window.__kept = { total: 0, byPage: {}, starts: {} };
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true, renderers: new Map(), isDisabled: false,
    inject() { return 1; }, checkDCE() {}, onCommitFiberUnmount() {}, onPostCommitFiberRoot() {},
    onCommitFiberRoot(_id, root) {
      const k = window.__kept;
      // As React DevTools walks a commit: only where a fiber's children were reconciled in it. A subtree
      // React skipped keeps its fibers from an earlier commit, PerformedWork flag included; walking into
      // it counted every component that had rendered once since it mounted, in every later commit.
      const walk = (f, hidden) => {
        for (; f; f = f.sibling) {
          if (!f.alternate) continue; // mounted in this commit, with all below it: no render again
          const h = hidden || (f.tag === 5 && f.memoizedProps?.style?.display === 'none');
          // Rendered in this commit (React's PerformedWork flag).
          if (h && COMPONENT.includes(f.tag) && (f.flags & 1)) {
            k.total++;
            let page = f;
            while (page && nameOf(page) !== 'PageView') page = page.return;
            const route = page?.memoizedProps?.match?.route?.path ?? '?';
            k.byPage[route] = (k.byPage[route] ?? 0) + 1;
            let parent = f.return;
            while (parent && !COMPONENT.includes(parent.tag)) parent = parent.return;
            if (!parent || !(parent.flags & 1)) {
              const changed = [];
              for (let d = f.dependencies?.firstContext, a = f.alternate.dependencies?.firstContext; d; d = d.next, a = a?.next) {
                if (!a || a.memoizedValue !== d.memoizedValue) changed.push(d.context.displayName || 'context');
              }
              const chain = [];
              for (let q = f; q && chain.length < 4; q = q.return) if (COMPONENT.includes(q.tag)) chain.push(nameOf(q));
              const key = `${chain.join(' < ')}${changed.length ? ` (context: ${[...new Set(changed)].join(', ')})` : ' (own state)'}`;
              k.starts[key] = (k.starts[key] ?? 0) + 1;
            }
          }
          if (f.child !== f.alternate.child) walk(f.child, h);
        }
      };
      const top = root.current;
      if (top.alternate && top.child !== top.alternate.child) walk(top.child, false);
    },
  };
}

const app = await startApp(webDist, 18600 + Math.floor(Math.random() * 90));
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
try {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addInitScript(countHiddenRenders);
  const { page, leaves, open, neutral } = await signedIn(context, app.base);
  const others = leaves.filter((l) => !['/dashboard/workplace', '/dashboard/analysis', '/pms/news'].includes(l.path));
  const kept = others.filter((_, i) => i % Math.max(1, Math.floor(others.length / 12)) === 0).slice(0, 12);
  for (const o of kept) await open(o.path, o.title);
  await neutral();
  await page.evaluate(() => { window.__kept = { total: 0, byPage: {}, starts: {} }; });
  await open('/pms/news', '新闻管理');
  await neutral();
  const k = await page.evaluate(() => window.__kept);
  console.log(`kept-alive pages: components rendered again while hidden, over two navigations (新闻管理 and back), ${kept.length} tabs opened first`);
  console.log(`  total ${k.total}`);
  console.log(`  by page: ${Object.entries(k.byPage).sort((a, b) => b[1] - a[1]).map(([p, n]) => `${p} ${n}`).join(', ')}`);
  console.log('  where they started:');
  for (const [where, n] of Object.entries(k.starts).sort((a, b) => b[1] - a[1]).slice(0, 12)) console.log(`    ${String(n).padStart(5)}  ${where}`);
  reportFigure('kept-renders', 'components rendered again in hidden tabs, two navigations', k.total, 'components', 0);
} finally {
  await browser.close();
  await app.stop();
}
