import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  resolve: { conditions: ['source'] },
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    // DOM tests opt in per file with `// @vitest-environment happy-dom`.
    environment: 'node',
  },
});
