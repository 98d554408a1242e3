import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

// The API server the dev server forwards to; in production the server serves dist/ at /admin/ itself.
const API_TARGET = process.env.MERIDIAN_API_TARGET ?? 'http://127.0.0.1:8080';

/** React and the data/routing libraries every page runs on: one long-cached file. */
const FRAMEWORK =
  /[\\/]node_modules[\\/](?:react|react-dom|scheduler|react-router|@tanstack[\\/][^\\/]+|cookie|set-cookie-parser)[\\/]/;

export default defineConfig({
  plugins: [react()],
  // Workspace packages are consumed as TypeScript source, so no package build is needed.
  resolve: { conditions: ['source', ...defaultClientConditions] },
  // The server serves the console at /admin/ (same origin as /api/).
  base: '/admin/',
  server: {
    host: '127.0.0.1',
    port: 5174,
    proxy: { '/api': { target: API_TARGET, changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // antd is deliberately not grouped (nor the console's small shared components, which would drag
    // the antd parts they use along): Rolldown splits them by page, so the sign-in page loads about
    // 320 kB (gzip) instead of 450 kB with antd in one file.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: 'framework', test: FRAMEWORK }],
        },
      },
    },
  },
});
