// umi-request imports 'isomorphic-fetch' for its side effect, the whatwg-fetch polyfill; every browser
// the app supports has fetch, so the alias in vite.config.ts points here and the polyfill stays out.
export {};
