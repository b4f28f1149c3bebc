export * from './types.ts';
export { computeResults, nextStartAfter } from './compute.ts';
export { scoringState, stateResults, updateTeams } from './incremental.ts';
export type { ScoringState, TeamScoringData } from './incremental.ts';
export { routesOf, teamSplits, visitStates } from './splits.ts';
export type { RouteVisit, SplitVisit, TeamSplits, VisitState } from './splits.ts';
export { scoringEventFromFile } from './fromFile.ts';
export { placeLabel, compareByRules } from './rank.ts';
export { formatSpent, applyTimeRules, parseTimeRules } from './time.ts';
export type { TimeWindow, TimeRules, TimeOutcome } from './time.ts';
export { kpValue, baseValue } from './value.ts';
export { resultsToCsv, formatPoints } from './exportCsv.ts';
export {
  resultsToIof,
  startListToIof,
  entryListToIof,
  iofStatus,
  iofHeader,
  personName,
  iofBib,
  iofClassIds,
  IOF_NO_CLASS_ID,
  IOF_NO_CLASS_NAME,
  RADA_IOF_NAMESPACE,
} from './exportIof.ts';
export type { IofEntry, IofOptions, IofPerson, IofTeamForm } from './exportIof.ts';
export { classNames, isScored, parseClasses, parseShared } from './settings.ts';
