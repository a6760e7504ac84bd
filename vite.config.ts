import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The single-page app lives under /2025/ and is built to dist/web, which the Node server serves.
export default defineConfig({
  base: '/2025/',
  root: 'src/web',
  publicDir: '../../public',
  plugins: [react()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      output: {
        // Long-lived vendor chunks: antd and React change rarely, app code changes often.
        manualChunks(id: string) {
          if (!id.includes('node_modules')) return undefined;
          if (/node_modules\/(react|react-dom|scheduler|react-router|react-router-dom)\//.test(id)) return 'react';
          if (/node_modules\/@formily\//.test(id)) return 'formily';
          if (/node_modules\/@ant-design\/icons/.test(id)) return 'icons';
          return undefined;
        },
      },
    },
  },
  server: {
    proxy: { '/jeecg-boot': 'http://localhost:8080' },
  },
});
