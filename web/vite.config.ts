import { defineConfig, type ProxyOptions } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { siteDataPlugin, siteDir } from './site-data-plugin.ts';
import { precompressPlugin } from './precompress-plugin.ts';

const apiTarget = 'http://127.0.0.1:3000';

// Dev: the API runs on :3000 and Vite proxies its paths, so the app stays same-origin
// (VITE_API_URL empty) exactly as in production (D1). Some API prefixes are also page routes
// (/news, /services, /contact); a browser navigation asks for text/html, so those requests
// are left to Vite's SPA fallback and only API (JSON/XHR) requests are proxied.
const apiOnly: ProxyOptions = {
  target: apiTarget,
  changeOrigin: false,
  bypass(req) {
    const accept = req.headers.accept ?? '';
    if (req.method === 'GET' && accept.includes('text/html')) return '/index.html';
    return undefined;
  },
};
const apiPrefixes = ['/api', '/auth', '/users', '/admin', '/services', '/news', '/contact', '/assessments'];

export default defineConfig({
  plugins: [react(), tailwindcss(), siteDataPlugin(), precompressPlugin()],
  resolve: {
    alias: { '@site': siteDir },
  },
  server: {
    port: 4700,
    strictPort: false,
    fs: { allow: ['..'] },
    proxy: Object.fromEntries(apiPrefixes.map((prefix) => [prefix, apiOnly])),
  },
  preview: { port: 4700 },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    rolldownOptions: {
      output: {
        // Portal and admin page chunks carry the area in their file name.
        chunkFileNames(chunk) {
          const area = /[\\/]src[\\/]features[\\/](portal|admin|assessment)[\\/]/.exec(
            chunk.facadeModuleId ?? '',
          )?.[1];
          return area ? `assets/${area}-[name]-[hash].js` : 'assets/[name]-[hash].js';
        },
        codeSplitting: {
          // Only node_modules packages that nothing on the first page imports; dependencies of
          // captured modules (react) stay where they are.
          groups: [
            // SurveyJS (~416 KB gzip) only on assessment routes.
            {
              name: 'survey',
              test: /node_modules[\\/]survey-(core|react-ui)[\\/]/,
              priority: 30,
              includeDependenciesRecursively: false,
            },
            {
              name: 'rules-engine',
              test: /node_modules[\\/](json-rules-engine|ajv|ajv-formats|ajv-dist)[\\/]/,
              priority: 20,
              includeDependenciesRecursively: false,
            },
          ],
          // Portal and admin pages are split by their lazy imports (features/portal/routes.tsx):
          // each page is its own chunk, loaded only under /portal. Forcing them into named groups
          // also captured modules the router imports statically and pulled them into the entry.
        },
      },
    },
  },
});
