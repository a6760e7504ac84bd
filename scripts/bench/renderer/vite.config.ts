// Vite config of the renderer bench page: the app's React plugin and vendor chunking, this folder as
// root, sources imported from src/. renderer.mjs sets build.outDir (a temp dir).
// BENCH_PROFILING=1 builds against React's profiling build (Profiler onRender fires) without
// minification, for commit counts and readable CPU profiles; timings use the normal build.
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type UserConfig } from 'vite';
import appConfig from '../../../vite.config';

const profiling = process.env.BENCH_PROFILING === '1';
const appOutput = (appConfig as UserConfig).build?.rollupOptions?.output;
const manualChunks = appOutput && !Array.isArray(appOutput) ? appOutput.manualChunks : undefined;

export default defineConfig({
  root: import.meta.dirname,
  base: './',
  publicDir: false,
  logLevel: 'warn',
  plugins: [react()],
  resolve: {
    alias: profiling ? [{ find: /^react-dom$/, replacement: 'react-dom/profiling' }] : [],
  },
  build: {
    emptyOutDir: true,
    minify: !profiling,
    chunkSizeWarningLimit: 5000,
    rollupOptions: {
      input: path.join(import.meta.dirname, 'index.html'),
      output: { manualChunks },
    },
  },
});
