import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/en';
import 'dayjs/locale/et';
import { en } from './en.ts';
import { et } from './et.ts';
import { settingsEn } from './settingsEn.ts';
import { settingsEt } from './settingsEt.ts';
import { kpEn } from './kpEn.ts';
import { kpEt } from './kpEt.ts';
import { mapEn } from './mapEn.ts';
import { mapEt } from './mapEt.ts';
import { resultsEn } from './resultsEn.ts';
import { cupEn } from './cupEn.ts';
import { mapSettingsEn } from './mapSettingsEn.ts';
import { mapSettingsEt } from './mapSettingsEt.ts';
import { cupEt } from './cupEt.ts';
import { resultsEt } from './resultsEt.ts';
import { scoringEn } from './scoringEn.ts';
import { scoringEt } from './scoringEt.ts';
import { teamsEn } from './teamsEn.ts';
import { teamsEt } from './teamsEt.ts';
import { regEn } from './regEn.ts';
import { regEt } from './regEt.ts';
import { joinEn } from './joinEn.ts';
import { joinEt } from './joinEt.ts';
import { startEn } from './startEn.ts';
import { startEt } from './startEt.ts';
import { msgEn } from './msgEn.ts';
import { msgEt } from './msgEt.ts';
import { appEn } from './appEn.ts';
import { appEt } from './appEt.ts';
import { liveEn } from './liveEn.ts';
import { liveEt } from './liveEt.ts';
import { speedEn } from './speedEn.ts';
import { speedEt } from './speedEt.ts';
import { usersEn } from './usersEn.ts';
import { usersEt } from './usersEt.ts';
import { accountEn } from './accountEn.ts';
import { accountEt } from './accountEt.ts';
import { safetyEn } from './safetyEn.ts';
import { safetyEt } from './safetyEt.ts';
import { sessionsEn } from './sessionsEn.ts';
import { sessionsEt } from './sessionsEt.ts';
import { eventFileEn } from './eventFileEn.ts';
import { eventFileEt } from './eventFileEt.ts';

/** Languages of the interface; the first is the fallback. */
export const LANGUAGES = ['en', 'et'] as const;
export type Language = (typeof LANGUAGES)[number];

const STORAGE_KEY = 'rada.lang';

export const resources = {
  en: {
    translation: {
      ...en,
      ...settingsEn,
      ...kpEn,
      ...mapEn,
      ...resultsEn,
      ...cupEn,
      ...mapSettingsEn,
      ...scoringEn,
      ...teamsEn,
      ...regEn,
      ...joinEn,
      ...startEn,
      ...msgEn,
      ...appEn,
      ...liveEn,
      ...speedEn,
      ...usersEn,
      ...accountEn,
      ...safetyEn,
      ...sessionsEn,
      ...eventFileEn,
    },
  },
  et: {
    translation: {
      ...et,
      ...settingsEt,
      ...kpEt,
      ...mapEt,
      ...resultsEt,
      ...cupEt,
      ...mapSettingsEt,
      ...scoringEt,
      ...teamsEt,
      ...regEt,
      ...joinEt,
      ...startEt,
      ...msgEt,
      ...appEt,
      ...liveEt,
      ...speedEt,
      ...usersEt,
      ...accountEt,
      ...safetyEt,
      ...sessionsEt,
      ...eventFileEt,
    },
  },
};

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

/** Switches the interface (texts, dates) to `lang` and remembers the choice. */
export async function setLanguage(lang: Language): Promise<void> {
  try {
    localStorage.setItem(STORAGE_KEY, lang);
  } catch {
    // Private browsing: the choice lasts for this page only.
  }
  dayjs.locale(lang);
  document.documentElement.lang = lang;
  await i18n.changeLanguage(lang);
}

const lang = initialLanguage();
dayjs.locale(lang);
if (typeof document !== 'undefined') document.documentElement.lang = lang;

void i18n.use(initReactI18next).init({
  resources,
  lng: lang,
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  // Keys are the product's dotted keys used flat, e.g. 'createevent.err.exists'.
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

export default i18n;
