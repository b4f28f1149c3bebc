import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { i18nReady } from './i18n/index.ts';
import { App } from './App.tsx';
import { registerServiceWorker } from './features/participant/serviceWorker.ts';

const root = document.getElementById('root');
// The first render waits for the chosen language's texts; the page's own chunk loads meanwhile.
if (root) {
  await i18nReady;
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

// The participant app works offline once opened (public/sw.js); only built apps register it.
if (import.meta.env.PROD) registerServiceWorker();
