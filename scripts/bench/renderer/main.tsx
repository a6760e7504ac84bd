// Renderer bench page: ?case=schemaTable|antdTable|schemaForm|antdForm (scripts/bench/renderer.mjs).
// Marks: bench:script (this module runs), bench:render (root.render called, case code loaded),
// bench:rendered (the case's content is in the DOM and has been painted: the frame after it appeared),
// bench:visible (also a modal's opening animation has finished: the form can be seen; = rendered for tables).
import { ConfigProvider, theme } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { Profiler, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { session } from '../../../src/web/app/session';
import '../../../src/web/styles/global.css';
import { BIG_ROWS, DICTS, LAST_FIELD, tableRows } from './data';
import { bench, watchKeys } from './probe';

performance.mark('bench:script');
dayjs.locale('zh-cn');

const CASES: Record<string, { load: () => Promise<{ default: ComponentType }>; ready: () => boolean }> = {
  schemaTable: { load: () => import('./cases/schemaTable'), ready: tableReady },
  antdTable: { load: () => import('./cases/antdTable'), ready: tableReady },
  schemaForm: { load: () => import('./cases/schemaForm'), ready: formReady },
  antdForm: { load: () => import('./cases/antdForm'), ready: formReady },
  plainForm: { load: () => import('./cases/plainForm'), ready: formReady },
  virtualTable: { load: () => import('./cases/virtualTable'), ready: bigTableReady },
  plainTable: { load: () => import('./cases/plainTable'), ready: bigTableReady },
};

/** All rows, and the last row's last data cell, are in the DOM. */
function tableReady(): boolean {
  const rows = document.querySelectorAll('.ant-table-tbody tr.ant-table-row');
  return rows.length === tableRows.length && !!rows[rows.length - 1].querySelector('td:nth-last-child(2)')?.textContent;
}
/** The 1,000-row page: its first row is in the DOM, and every row when the table is not virtual. */
function bigTableReady(): boolean {
  const rows = document.querySelectorAll('.ant-table-tbody tr.ant-table-row, .ant-table-tbody-virtual .ant-table-row');
  const virtual = !!document.querySelector('.ant-table-tbody-virtual');
  return rows.length > 0 && (virtual || rows.length === BIG_ROWS) && !!rows[0].textContent;
}
/** The last field's input is in the DOM. */
function formReady(): boolean {
  return !!document.querySelector(`input[data-field="${LAST_FIELD}"]`);
}

async function run() {
  const name = new URLSearchParams(location.search).get('case') ?? '';
  const c = CASES[name];
  if (!c) throw new Error(`unknown case "${name}"`);
  bench.case = name;
  // The login's dictionaries, as the app keeps them: dictionary widgets read them without a request.
  session.setDicts(DICTS);
  watchKeys();
  const { default: Case } = await c.load();
  const onRender = (_id: string, phase: string, actual: number) => bench.commits.push({ phase, actual, key: bench.keyRenders.length });
  performance.mark('bench:render');
  createRoot(document.getElementById('root')!).render(
    <ConfigProvider locale={zhCN} theme={{ token: { borderRadius: 4 }, algorithm: theme.defaultAlgorithm }}>
      <Profiler id={name} onRender={(id, phase, actual) => { bench.profiling = true; onRender(id, phase, actual); }}>
        <Case />
      </Profiler>
    </ConfigProvider>,
  );
  const started = performance.now();
  const until = (done: () => boolean, mark: string, then?: () => void) => {
    const poll = () => {
      if (done()) requestAnimationFrame(() => { performance.mark(mark); then?.(); });
      else if (performance.now() - started > 120_000) bench.error = `${mark} not reached within 120 s`;
      else requestAnimationFrame(poll);
    };
    requestAnimationFrame(poll);
  };
  const shown = () => !/-(appear|enter)/.test(document.querySelector('.ant-modal')?.className ?? '');
  until(c.ready, 'bench:rendered', () => { bench.mountCommits = bench.commits.slice(); until(shown, 'bench:visible'); });
}

run().catch((e: unknown) => { bench.error = String(e instanceof Error ? e.stack ?? e.message : e); });
