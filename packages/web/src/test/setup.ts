// The web tests' setup: the interface texts are loaded before any test renders.
import { i18nReady } from '../i18n/index.ts';

await i18nReady;
