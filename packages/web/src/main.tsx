import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { i18nReady } from './i18n/index.ts';
import { App, preloadPage } from './App.tsx';
import { registerServiceWorker } from './features/participant/serviceWorker.ts';

const root = document.getElementById('root');
// The first render waits for the chosen language's texts and the page's own chunk. Not with a
// top-level await: the page's chunk imports this one, whose evaluation would then never end.
if (root) {
  void Promise.all([i18nReady, preloadPage(location.pathname).catch(() => undefined)]).then(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}

// The participant app works offline once opened (public/sw.js); only built apps register it.
if (import.meta.env.PROD) registerServiceWorker();
