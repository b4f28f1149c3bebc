/**
 * Registers the service worker (public/sw.js) so the participant app works offline once opened.
 * The assets this page loaded before the worker took over are handed to it to cache, so the
 * first visit already leaves a working offline copy.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  // After the page has loaded (the app may start after 'load' has fired: it waits for its texts).
  const register = () => {
    navigator.serviceWorker
      .register('/sw.js')
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => {
        const urls = performance
          .getEntriesByType('resource')
          .map((e) => e.name)
          .filter((u) => u.startsWith(`${location.origin}/assets/`));
        registration.active?.postMessage({ type: 'cache', urls });
      })
      .catch(() => undefined);
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register);
}
