import { translationEn } from './bundleEn.ts';
import { translationEt } from './bundleEt.ts';

/** Both languages' texts at once, for the tests that compare them. */
export const resources = {
  en: { translation: translationEn },
  et: { translation: translationEt },
};
