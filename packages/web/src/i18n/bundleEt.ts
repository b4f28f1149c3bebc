// Every Estonian text of the interface in one object; loaded on its own (i18n/index.ts), so a
// visitor downloads only the language they read.
import { et } from './et.ts';
import { settingsEt } from './settingsEt.ts';
import { kpEt } from './kpEt.ts';
import { mapEt } from './mapEt.ts';
import { mapSettingsEt } from './mapSettingsEt.ts';
import { cupEt } from './cupEt.ts';
import { resultsEt } from './resultsEt.ts';
import { scoringEt } from './scoringEt.ts';
import { teamsEt } from './teamsEt.ts';
import { regEt } from './regEt.ts';
import { joinEt } from './joinEt.ts';
import { startEt } from './startEt.ts';
import { msgEt } from './msgEt.ts';
import { appEt } from './appEt.ts';
import { liveEt } from './liveEt.ts';
import { speedEt } from './speedEt.ts';
import { usersEt } from './usersEt.ts';
import { accountEt } from './accountEt.ts';
import { safetyEt } from './safetyEt.ts';
import { sessionsEt } from './sessionsEt.ts';
import { eventFileEt } from './eventFileEt.ts';

export const translationEt = {
  ...et,
  ...settingsEt,
  ...kpEt,
  ...mapEt,
  ...mapSettingsEt,
  ...cupEt,
  ...resultsEt,
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
};
