import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** Writes .br and .gz beside each text asset; the server sends them to browsers that accept them. */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(c) { outDir = path.resolve(c.root, c.build.outDir); },
    closeBundle() {
      const walk = (dir: string): string[] => fs.readdirSync(dir, { withFileTypes: true })
        .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
      for (const file of walk(outDir).filter((f) => /\.(js|css|html|svg|json)$/.test(f))) {
        const data = fs.readFileSync(file);
        if (data.length < 1024) continue;
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
        fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}

/** `vite` dev server: the public site's addresses answer site.html, as the Node server does in production. */
function publicSiteInDev(): Plugin {
  return {
    name: 'public-site-dev-routes',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const [p, q] = (req.url ?? '').split('?');
        if (p === '/2025/' || p === '/2025/web' || p.startsWith('/2025/web/')) req.url = `/2025/site.html${q ? `?${q}` : ''}`;
        next();
      });
    },
  };
}

// The single-page app lives under /2025/ and is built to dist/web, which the Node server serves.
export default defineConfig({
  base: '/2025/',
  root: 'src/web',
  publicDir: '../../public',
  plugins: [react(), precompress(), publicSiteInDev()],
  resolve: {
    // Polyfills for what every supported browser has, and qs for what umi-request uses of it: kept out
    // of the login page's download (src/web/app/shims).
    alias: [
      { find: /^isomorphic-fetch$/, replacement: path.resolve(import.meta.dirname, 'src/web/app/shims/native-fetch.ts') },
      { find: /^qs$/, replacement: path.resolve(import.meta.dirname, 'src/web/app/shims/qs.ts') },
      { find: /^resize-observer-polyfill$/, replacement: path.resolve(import.meta.dirname, 'src/web/app/shims/native-resize-observer.ts') },
      // antd's styles placed once per style, not once per component mounted (the shim says why).
      { find: /^rc-util\/es\/Dom\/dynamicCSS$/, replacement: path.resolve(import.meta.dirname, 'src/web/app/shims/dynamic-css.ts') },
    ],
  },
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      // Two entries with separate chunk graphs: the back office (index.html) and the public contest
      // site (site.html), which must stay free of antd/Formily so a phone's first visit is small.
      input: {
        index: path.resolve(import.meta.dirname, 'src/web/index.html'),
        site: path.resolve(import.meta.dirname, 'src/web/site.html'),
      },
      output: {
        // A long-lived vendor chunk: React (and its router) changes rarely. No icons group: one chunk of
        // every icon the app uses was 32 KB gzip of the login page, which shows eight. Groups take
        // their members' dependencies along, so there is deliberately no Formily group: it took antd
        // with it, and the login page then preloaded 459 KB gzip instead of 214 KB (measured on the
        // two builds). antd and Formily split by use, as the pages import them.
        codeSplitting: {
          groups: [
            // Vite's lazy-import preload helper rides with React: left alone it lands in whichever chunk
            // claims it first (it did: a Formily group), and every lazy page of the site would then need that chunk.
            { name: 'react', test: (id: string) => /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/.test(id) || id.includes('vite/preload-helper'), priority: 3 },
          ],
        },
      },
    },
  },
  server: {
    // ws: the notice bell's socket (/jeecg-boot/websocket/<userId>) goes through too.
    proxy: { '/jeecg-boot': { target: 'http://localhost:8080', ws: true } },
  },
});
