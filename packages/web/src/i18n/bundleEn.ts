// Every English text of the interface in one object; loaded on its own (i18n/index.ts), so a
// visitor downloads only the language they read.
import { en } from './en.ts';
import { settingsEn } from './settingsEn.ts';
import { kpEn } from './kpEn.ts';
import { mapEn } from './mapEn.ts';
import { resultsEn } from './resultsEn.ts';
import { cupEn } from './cupEn.ts';
import { mapSettingsEn } from './mapSettingsEn.ts';
import { scoringEn } from './scoringEn.ts';
import { teamsEn } from './teamsEn.ts';
import { regEn } from './regEn.ts';
import { joinEn } from './joinEn.ts';
import { startEn } from './startEn.ts';
import { msgEn } from './msgEn.ts';
import { appEn } from './appEn.ts';
import { liveEn } from './liveEn.ts';
import { speedEn } from './speedEn.ts';
import { usersEn } from './usersEn.ts';
import { accountEn } from './accountEn.ts';
import { safetyEn } from './safetyEn.ts';
import { sessionsEn } from './sessionsEn.ts';
import { eventFileEn } from './eventFileEn.ts';

export const translationEn = {
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
};
