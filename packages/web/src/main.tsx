import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { i18nReady, loadTranslationOverrides } from './i18n/index.ts';
import { App, preloadPage } from './App.tsx';
import { settlePrefetch } from './api/client.ts';
import { registerServiceWorker } from './features/participant/serviceWorker.ts';

/** How long the first render waits for the page's data when the server wrote its first rows. */
const PAINTED_WAIT_MS = 5_000;

const root = document.getElementById('root');
if (root) {
  // The translation editor's texts, laid over the bundled ones when they come (not waited for).
  void loadTranslationOverrides();
  // The server's first rows or frame of this page (packages/server/src/http/firstPaint.ts) stay
  // until the app draws the page with its data in its first render: rows over rows, no spinner
  // between.
  // Rows of another page (a copy of the HTML kept by a cache) go at once.
  const painted = root.querySelector('[data-first-paint]');
  if (painted && painted.getAttribute('data-first-paint') !== location.pathname) {
    root.replaceChildren();
  }
  const data = root.hasChildNodes() ? settlePrefetch(PAINTED_WAIT_MS) : undefined;
  // The first render waits for the chosen language's texts and the page's own chunk. Not with a
  // top-level await: the page's chunk imports this one, whose evaluation would then never end.
  void Promise.all([i18nReady, preloadPage(location.pathname).catch(() => undefined), data]).then(
    () =>
      createRoot(root).render(
        <StrictMode>
          <App />
        </StrictMode>,
      ),
  );
}

// The participant app works offline once opened (public/sw.js); only built apps register it.
if (import.meta.env.PROD) registerServiceWorker();
