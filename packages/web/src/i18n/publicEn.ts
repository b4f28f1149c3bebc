// The English texts of the public pages (results, responses, start list, registration, cup, join
// codes) and of what every page shows (app bar, sign-in, errors, the participant's app): what a
// visitor's first paint needs (i18n/index.ts loads the rest, organiserEn.ts, when it is wanted).
import { en } from './en.ts';
import { resultsEn } from './resultsEn.ts';
import { cupEn } from './cupEn.ts';
import { regEn } from './regEn.ts';
import { joinEn } from './joinEn.ts';
import { startEn } from './startEn.ts';
import { msgEn } from './msgEn.ts';
import { appEn } from './appEn.ts';
import { guestEn } from './guestEn.ts';
import { trackingAppEn } from './trackingEn.ts';
import { ownMapPublicEn } from './ownMapPublicEn.ts';

export const publicEn = {
  ...en,
  ...resultsEn,
  ...cupEn,
  ...regEn,
  ...joinEn,
  ...startEn,
  ...msgEn,
  ...appEn,
  ...guestEn,
  ...trackingAppEn,
  ...ownMapPublicEn,
};
