// Every English text of the interface in one object, for the tests that compare the languages
// (resources.ts). The app loads the two parts on their own (i18n/index.ts).
import { publicEn } from './publicEn.ts';
import { organiserEn } from './organiserEn.ts';

export const translationEn = { ...publicEn, ...organiserEn };
