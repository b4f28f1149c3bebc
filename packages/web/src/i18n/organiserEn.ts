// The English texts of the organiser's screens (settings, checkpoints, teams, maps, live, users,
// accounts): loaded with those screens, or when a public page asks for one of their keys
// (i18n/index.ts).
import { settingsEn } from './settingsEn.ts';
import { editorEn } from './editorEn.ts';
import { kpEn } from './kpEn.ts';
import { kpCourseEn } from './kpCourseEn.ts';
import { mapEn } from './mapEn.ts';
import { mapSettingsEn } from './mapSettingsEn.ts';
import { scoringEn } from './scoringEn.ts';
import { teamsEn } from './teamsEn.ts';
import { liveEn } from './liveEn.ts';
import { speedEn } from './speedEn.ts';
import { usersEn } from './usersEn.ts';
import { accountEn } from './accountEn.ts';
import { safetyEn } from './safetyEn.ts';
import { sessionsEn } from './sessionsEn.ts';
import { eventFileEn } from './eventFileEn.ts';
import { overviewEn } from './overviewEn.ts';
import { adminEn } from './adminEn.ts';
import { historyEn } from './historyEn.ts';
import { wheelEn } from './wheelEn.ts';
import { newsEn } from './newsEn.ts';
import { translatorEn } from './translatorEn.ts';
import { accountingEn } from './accountingEn.ts';
import { trackingEn } from './trackingEn.ts';
import { teamImportEn } from './teamImportEn.ts';
import { mapImagesEn } from './mapImagesEn.ts';
import { ownMapEn } from './ownMapEn.ts';
import { archiveMapsEn } from './archiveMapsEn.ts';

export const organiserEn = {
  ...settingsEn,
  ...editorEn,
  ...kpEn,
  ...kpCourseEn,
  ...mapEn,
  ...mapSettingsEn,
  ...scoringEn,
  ...teamsEn,
  ...liveEn,
  ...speedEn,
  ...usersEn,
  ...accountEn,
  ...safetyEn,
  ...sessionsEn,
  ...eventFileEn,
  ...overviewEn,
  ...adminEn,
  ...historyEn,
  ...wheelEn,
  ...newsEn,
  ...translatorEn,
  ...accountingEn,
  ...trackingEn,
  ...teamImportEn,
  ...mapImagesEn,
  ...ownMapEn,
  ...archiveMapsEn,
};
