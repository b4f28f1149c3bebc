import type { eventFileEn } from './eventFileEn.ts';

/** Ürituse faili vigade eestikeelsed tekstid loomise dialoogis (issue 10). */
export const eventFileEt: Record<keyof typeof eventFileEn, string> = {
  'createevent.problems': 'Vead failis:',
  'createevent.problems.more': 'Näidatakse ainult esimest {{shown}}.',
};
