// The Estonian texts of the organiser's screens (settings, checkpoints, teams, maps, live, users,
// accounts): loaded with those screens, or when a public page asks for one of their keys
// (i18n/index.ts).
import { settingsEt } from './settingsEt.ts';
import { editorEt } from './editorEt.ts';
import { kpEt } from './kpEt.ts';
import { kpCourseEt } from './kpCourseEt.ts';
import { mapEt } from './mapEt.ts';
import { mapSettingsEt } from './mapSettingsEt.ts';
import { scoringEt } from './scoringEt.ts';
import { teamsEt } from './teamsEt.ts';
import { liveEt } from './liveEt.ts';
import { speedEt } from './speedEt.ts';
import { usersEt } from './usersEt.ts';
import { accountEt } from './accountEt.ts';
import { safetyEt } from './safetyEt.ts';
import { sessionsEt } from './sessionsEt.ts';
import { eventFileEt } from './eventFileEt.ts';
import { overviewEt } from './overviewEt.ts';
import { adminEt } from './adminEt.ts';
import { historyEt } from './historyEt.ts';
import { wheelEt } from './wheelEt.ts';
import { newsEt } from './newsEt.ts';
import { translatorEt } from './translatorEt.ts';
import { accountingEt } from './accountingEt.ts';
import { trackingEt } from './trackingEt.ts';
import { teamImportEt } from './teamImportEt.ts';
import { mapImagesEt } from './mapImagesEt.ts';
import { ownMapEt } from './ownMapEt.ts';
import { archiveMapsEt } from './archiveMapsEt.ts';

export const organiserEt = {
  ...settingsEt,
  ...editorEt,
  ...kpEt,
  ...kpCourseEt,
  ...mapEt,
  ...mapSettingsEt,
  ...scoringEt,
  ...teamsEt,
  ...liveEt,
  ...speedEt,
  ...usersEt,
  ...accountEt,
  ...safetyEt,
  ...sessionsEt,
  ...eventFileEt,
  ...overviewEt,
  ...adminEt,
  ...historyEt,
  ...wheelEt,
  ...newsEt,
  ...translatorEt,
  ...accountingEt,
  ...trackingEt,
  ...teamImportEt,
  ...mapImagesEt,
  ...ownMapEt,
  ...archiveMapsEt,
};
