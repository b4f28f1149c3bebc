import './zodConfig.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './i18n/index.ts';
import { App } from './App.tsx';
import { registerServiceWorker } from './features/participant/serviceWorker.ts';

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

// The participant app works offline once opened (public/sw.js); only built apps register it.
if (import.meta.env.PROD) registerServiceWorker();
