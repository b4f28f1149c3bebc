export * from './types.ts';
export { computeResults, isScored } from './compute.ts';
export { scoringEventFromFile } from './fromFile.ts';
export { placeLabel, compareByRules } from './rank.ts';
export { formatSpent, applyTimeRules, parseTimeRules } from './time.ts';
export type { TimeWindow, TimeRules, TimeOutcome } from './time.ts';
export { kpValue, baseValue } from './value.ts';
