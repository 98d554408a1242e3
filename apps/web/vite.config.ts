import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

// The API server the dev server forwards to; `npm start` serves the built app from that server itself.
const API_TARGET = process.env.MERIDIAN_API_TARGET ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  // Workspace packages are consumed as TypeScript source, so no package build is needed in dev.
  resolve: { conditions: ['source', ...defaultClientConditions] },
  // Relative asset URLs let the same build be served from any path prefix.
  base: './',
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true },
      '/v1': { target: API_TARGET, changeOrigin: true, ws: true },
      '/healthz': { target: API_TARGET, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The manifest lets scripts/bundle-budget.mjs tell the initial chunks from the lazy ones.
    manifest: true,
    target: 'es2020',
  },
});
