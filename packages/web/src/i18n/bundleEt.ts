// Every Estonian text of the interface in one object, for the tests that compare the languages
// (resources.ts). The app loads the two parts on their own (i18n/index.ts).
import { publicEt } from './publicEt.ts';
import { organiserEt } from './organiserEt.ts';

export const translationEt = { ...publicEt, ...organiserEt };
