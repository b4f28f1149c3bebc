// Apart from teams.ts's schemas, so the live map colours teams without loading zod.

/** Colours given to new teams in turn (distinct on a map, readable under a white label). */
export const TEAM_COLOURS = [
  '#e53935',
  '#1e88e5',
  '#43a047',
  '#fb8c00',
  '#8e24aa',
  '#00897b',
  '#6d4c41',
  '#d81b60',
  '#3949ab',
  '#7cb342',
  '#f4511e',
  '#546e7a',
] as const;

/** The colour of the team at `index` (0-based) in the order teams were added: TEAM_COLOURS in turn. */
export const teamColourAt = (index: number): string => TEAM_COLOURS[index % TEAM_COLOURS.length]!;
