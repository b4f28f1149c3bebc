// The web tests' setup: every interface text (the organiser's too) is loaded before any test
// renders.
import { i18nReady, loadAllTexts } from '../i18n/index.ts';

await i18nReady;
await loadAllTexts();
