// The Estonian texts of the public pages (results, responses, start list, registration, cup, join
// codes) and of what every page shows (app bar, sign-in, errors, the participant's app): what a
// visitor's first paint needs (i18n/index.ts loads the rest, organiserEt.ts, when it is wanted).
import { et } from './et.ts';
import { resultsEt } from './resultsEt.ts';
import { cupEt } from './cupEt.ts';
import { regEt } from './regEt.ts';
import { joinEt } from './joinEt.ts';
import { startEt } from './startEt.ts';
import { msgEt } from './msgEt.ts';
import { appEt } from './appEt.ts';
import { guestEt } from './guestEt.ts';
import { trackingAppEt } from './trackingEt.ts';
import { ownMapPublicEt } from './ownMapPublicEt.ts';

export const publicEt = {
  ...et,
  ...resultsEt,
  ...cupEt,
  ...regEt,
  ...joinEt,
  ...startEt,
  ...msgEt,
  ...appEt,
  ...guestEt,
  ...trackingAppEt,
  ...ownMapPublicEt,
};
