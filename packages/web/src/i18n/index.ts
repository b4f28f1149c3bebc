import i18n from 'i18next';
import type { BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import { LANGUAGE_COOKIE } from '@rada/core';
import type { TranslationOverrides } from '@rada/core';
import { api } from '../api/client.ts';
import 'dayjs/locale/en';

import 'dayjs/locale/et';
/** Languages of the interface; the first is the fallback. */
export const LANGUAGES = ['en', 'et'] as const;
export type Language = (typeof LANGUAGES)[number];

const STORAGE_KEY = 'rada.lang';

/**
 * Tells the server the language too (LANGUAGE_COOKIE), so the first rows it writes into a
 * public page are in the reader's language (packages/server/src/http/firstPaint.ts).
 */
function rememberForServer(lang: Language) {
  if (typeof document === 'undefined') return;
  document.cookie = `${LANGUAGE_COOKIE}=${lang}; path=/; max-age=31536000; samesite=lax`;
}

/** Narrows any string to a supported language, or null. */
export function asLanguage(value: string | null | undefined): Language | null {
  const short = value?.slice(0, 2).toLowerCase();
  return LANGUAGES.find((l) => l === short) ?? null;
}

/** The stored choice, else the browser's preference, else English. */
export function initialLanguage(): Language {
  let stored: string | null;
  try {
    stored = localStorage.getItem(STORAGE_KEY);
  } catch {
    stored = null;
  }
  return asLanguage(stored) ?? asLanguage(globalThis.navigator?.language) ?? 'en';
}

/**
 * The texts of each language in two chunks each, read by i18next as a backend: a visitor
 * downloads only the language they read, and of it only the public pages' texts until an
 * organiser's screen (or a key only they have) asks for the rest (loadAllTexts).
 */
const publicTexts: Record<Language, () => Promise<Record<string, string>>> = {
  en: () => import('./publicEn.ts').then((m) => m.publicEn),
  et: () => import('./publicEt.ts').then((m) => m.publicEt),
};
const organiserTexts: Record<Language, () => Promise<Record<string, string>>> = {
  en: () => import('./organiserEn.ts').then((m) => m.organiserEn),
  et: () => import('./organiserEt.ts').then((m) => m.organiserEt),
};
/** Whether every text is wanted: set by loadAllTexts, kept for later language changes. */
let allWanted = false;
/**
 * The stored texts that replace bundled ones (the translation editor's, GET /api/translations),
 * laid over every part of the texts as it loads; the bundled texts stay the fallback.
 */
let overrides: Partial<TranslationOverrides> = {};
const bundleBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language, _namespace, callback) => {
    const lang = asLanguage(language);
    if (!lang) return callback(null, {});
    Promise.all([publicTexts[lang](), allWanted ? organiserTexts[lang]() : {}]).then(
      ([own, more]) => callback(null, { ...own, ...more, ...overrides[lang] }),
      (error: Error) => callback(error, false),
    );
  },
};

let allLoaded: Promise<void> | null = null;
/**
 * Loads the organiser's texts of the current language (and of any language chosen later); the
 * organiser's routes and dialogs wait for it before they render. Components re-render when the
 * texts arrive (bindI18nStore).
 */
export function loadAllTexts(): Promise<void> {
  if (!allLoaded) {
    allWanted = true;
    const lang = asLanguage(i18n.language) ?? initialLanguage();
    allLoaded = organiserTexts[lang]().then((texts) => {
      i18n.addResourceBundle(lang, 'translation', { ...texts, ...overrides[lang] }, true, true);
    });
  }
  return allLoaded;
}

/** `module` once the organiser's texts are loaded too: for lazy screens and dialogs that use them. */
export function withAllTexts<M>(module: Promise<M>): Promise<M> {
  return Promise.all([module, loadAllTexts()]).then(([m]) => m);
}

/**
 * Lays `next` over the bundled texts of every language loaded so far (a language loaded later
 * gets them as it loads); a key no longer overridden gets its bundled text back. Components
 * re-render with the new texts (bindI18nStore).
 */
export async function applyTranslationOverrides(next: Partial<TranslationOverrides>) {
  const previous = overrides;
  overrides = next;
  for (const lang of LANGUAGES) {
    if (!i18n.hasResourceBundle(lang, 'translation')) continue;
    const own = next[lang] ?? {};
    const dropped = Object.keys(previous[lang] ?? {}).filter((key) => !(key in own));
    let restored: Record<string, string> = {};
    if (dropped.length > 0) {
      const [pub, more] = await Promise.all([
        publicTexts[lang](),
        allWanted ? organiserTexts[lang]() : {},
      ]);
      const bundled: Record<string, string> = { ...pub, ...more };
      restored = Object.fromEntries(
        dropped.flatMap((k) => (k in bundled ? [[k, bundled[k]!]] : [])),
      );
    }
    i18n.addResourceBundle(lang, 'translation', { ...restored, ...overrides[lang] }, true, true);
  }
}

/** Every bundled text of `lang` (both parts), without the overrides: the translation editor's. */
export async function bundledTexts(lang: Language): Promise<Record<string, string>> {
  const [pub, more] = await Promise.all([publicTexts[lang](), organiserTexts[lang]()]);
  return { ...pub, ...more };
}

/**
 * Fetches the stored translation overrides and applies them (main.tsx as the app loads, and
 * whenever the live socket says they changed). Without them the bundled texts stand.
 */
export function loadTranslationOverrides(): Promise<void> {
  return api.translations().then(applyTranslationOverrides, () => undefined);
}

/** Switches the interface (texts, dates) to `lang` and remembers the choice. */
export async function setLanguage(lang: Language): Promise<void> {
  try {
    localStorage.setItem(STORAGE_KEY, lang);
  } catch {
    // Private browsing: the choice lasts for this page only.
  }
  rememberForServer(lang);
  dayjs.locale(lang);
  document.documentElement.lang = lang;
  await i18n.changeLanguage(lang);
}

const lang = initialLanguage();
dayjs.locale(lang);
if (typeof document !== 'undefined') document.documentElement.lang = lang;
rememberForServer(lang);

/**
 * Settles when i18next is set up with the first language's texts: main.tsx renders after it (the
 * page's own chunk loads meanwhile), and the web tests' setup waits for it. No fallback language:
 * it would load English for every Estonian reader, and the translation tests keep every key in
 * both languages.
 */
export const i18nReady: Promise<void> = i18n
  .use(bundleBackend)
  .use(initReactI18next)
  .init({
    lng: lang,
    fallbackLng: false,
    supportedLngs: [...LANGUAGES],
    // Keys are the product's dotted keys used flat, e.g. 'createevent.err.exists'.
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    // A key that only the organiser's texts have, asked for before they were loaded: load them
    // (the component re-renders when they arrive) and show nothing meanwhile.
    parseMissingKeyHandler: (key) => {
      if (allWanted) return key;
      void loadAllTexts();
      return '';
    },
    react: { bindI18nStore: 'added' },
  })
  .then(() => undefined);

export default i18n;
