// Estonian texts of the event's own map images that the public pages' first texts carry
// (publicEn.ts / publicEt.ts): the results page's way to a team's route. A file of its own, so the
// rest of the map image texts (ownMapEt.ts) stay out of a public page's first download.

export const ownMapPublicEt: Record<string, string> = {
  'ownmap.route.show': 'Näita teekonda',
};
