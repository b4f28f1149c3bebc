// English texts of the event's own map images that the public pages' first texts carry
// (publicEn.ts / publicEt.ts): the results page's way to a team's route. A file of its own, so the
// rest of the map image texts (ownMapEn.ts) stay out of a public page's first download.

/** The results page's way to a team's route. */
export const ownMapPublicEn: Record<string, string> = {
  'ownmap.route.show': 'Show route',
};
