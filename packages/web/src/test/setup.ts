// The web tests' setup: every interface text (the organiser's too) is loaded before any test
// renders.
import { i18nReady, loadAllTexts } from '../i18n/index.ts';

// Node 25 and newer have a `localStorage` of their own, which is undefined without
// --localstorage-file and hides jsdom's from the tests (and from the code they test): give
// them jsdom's, as a browser has.
const dom = (globalThis as { jsdom?: { window: Window } }).jsdom;
if (dom && globalThis.localStorage === undefined) {
  Object.defineProperty(globalThis, 'localStorage', {
    value: dom.window.localStorage,
    configurable: true,
    writable: true,
  });
}

await i18nReady;
await loadAllTexts();
