// rc-resize-observer imports resize-observer-polyfill, which hands back the native ResizeObserver when
// there is one (every browser the app supports): the alias in vite.config.ts skips its 13 KB fallback.
export default globalThis.ResizeObserver;
