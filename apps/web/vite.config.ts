import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { lazySchemasPlugin } from '../../scripts/lib/lazy-schemas-plugin';
import { sharedHeadPlugin } from '../../scripts/lib/shared-head-plugin';

// `npm run build` runs scripts/build-web.ts, which builds the app (index.html), then the landing
// page's own entry (landing.html), then prerenders the landing page (docs/decisions/014-*.md).
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    sharedHeadPlugin(import.meta.dirname),
    // Schemas built when first used, not when the page loads (docs/decisions/043-lazy-schemas.md).
    lazySchemasPlugin(),
    // Brotli and gzip copies of every built asset, made once here so the server sends them as
    // they are (apps/api/src/plugins/web-app.ts). The pages are finished after the build, and
    // the build script compresses them then.
    ...(isSsrBuild
      ? []
      : [compression({ algorithms: ['brotliCompress', 'gzip'], exclude: /\.html$/ })]),
  ],
  server: {
    port: 5173,
    strictPort: true,
    // Same-origin /api in development, matching production where the API serves the built app.
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  preview: { port: 4173, strictPort: true },
  build: {
    outDir: 'dist',
    // Only for bench/src/area-load-profile.ts (npm run build:profile), to name what runs.
    sourcemap: process.env.WEB_SOURCEMAP === '1',
    emptyOutDir: true,
  },
}));
