import { defineConfig } from 'vite';
import type { Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/precompress.mjs';
import { bootScript } from './src/boot/bootPlugin.ts';

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
  plugins: [react(), bootScript({ storageKey: 'rada.lang', fallback: 'en' }), precompressOutput()],
  resolve: {
    // zod with its CSP-safe setting applied first (src/zodJitless.ts).
    alias: [{ find: /^zod$/, replacement: `${import.meta.dirname}/src/zodJitless.ts` }],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // Every page is its own chunk (App.tsx) and rolldown shares what pages share. The largest
    // chunks are the organiser's checkpoint editor (data grid, map) and the data grid itself;
    // public pages load neither (bench/pageWeight.ts).
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        // The entry takes the shell group in when nothing else loads it first; named alike.
        entryFileNames: 'assets/shell-[hash].js',
        codeSplitting: {
          groups: [
            // What the first paint of any page needs (React, the router, queries, texts, MUI's
            // core, the app bar) in one file rather than dozens: each request is a round trip on
            // a phone's link.
            { name: 'shell', test: /./, tags: ['$initial'] },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      // The browser's Host goes through unchanged: the server takes writes and sockets only from
      // pages of its own origin (PUBLIC_URL, else the Host), and the page's origin is this one.
      '/api': { target: apiTarget, changeOrigin: false, ws: true },
    },
  },
});
