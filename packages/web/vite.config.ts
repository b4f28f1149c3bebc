import { defineConfig } from 'vite';
import type { Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/precompress.mjs';

// The dev server forwards the API (and its WebSocket) to the Rada server; `vite build`
// writes the static app to packages/web/dist, which the server serves in production.
// RADA_API points the dev server at a server on another address.
const env = (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env;
const apiTarget = env?.RADA_API ?? 'http://localhost:3000';

/** After a build, .br and .gz copies next to the output (whatever --outDir), for the server. */
function precompressOutput(): Plugin {
  let outDir = '';
  return {
    name: 'rada-precompress',
    apply: 'build',
    configResolved: (config) => {
      outDir = config.build.outDir.startsWith('/')
        ? config.build.outDir
        : `${config.root}/${config.build.outDir}`;
    },
    closeBundle: {
      sequential: true,
      handler: async () => {
        await precompress(outDir);
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), precompressOutput()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // MUI with the date pickers is ~570 kB; the checkpoint editor with its grid and map ~650 kB.
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks cache across releases.
        codeSplitting: {
          groups: [
            // Only what the first page needs ('$initial'); the data grid and the map stay in
            // the chunks of the lazily loaded checkpoint editor.
            { name: 'mui', test: /node_modules[\\/]@mui[\\/]/, tags: ['$initial'] },
            // zodConfig.ts rides with zod: it must run before @rada/core (in the app's chunk)
            // builds its schemas, which a later chunk's body would not.
            {
              name: 'vendor',
              test: /node_modules[\\/]|[\\/]src[\\/]zodConfig\.ts$/,
              tags: ['$initial'],
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true, ws: true },
    },
  },
});
