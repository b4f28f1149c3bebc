import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The dev server forwards the API (and its WebSocket) to the Rada server; `vite build`
// writes the static app to packages/web/dist, which the server serves in production.
const apiTarget = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true, ws: true },
    },
  },
});
