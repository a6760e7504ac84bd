// Vite config of the pickers bench page: the app's React plugin and vendor chunking, this folder as
// root, sources imported from src/. pickers.mjs sets build.outDir (a temp dir the server serves as
// its web app, so the page is at /2025/index.html next to the API).
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type UserConfig } from 'vite';
import appConfig from '../../../vite.config';

const appOutput = (appConfig as UserConfig).build?.rollupOptions?.output;
const manualChunks = appOutput && !Array.isArray(appOutput) ? appOutput.manualChunks : undefined;

export default defineConfig({
  root: import.meta.dirname,
  base: './',
  publicDir: false,
  logLevel: 'warn',
  plugins: [react()],
  build: {
    emptyOutDir: true,
    chunkSizeWarningLimit: 5000,
    rollupOptions: {
      input: path.join(import.meta.dirname, 'index.html'),
      output: { manualChunks },
    },
  },
});
