// English texts of the event's own map images where maps are drawn (issue 37; features/map's
// OwnMapLayers, the participant app's map and offline package, the printed sheet, a team's
// route). They come with the organiser's texts (organiserEn.ts), which the route map loads as it
// opens (withAllTexts); the results page's route button is in ownMapPublicEn.ts.

/** The map image's switch, the layer switcher's notes, the app's legend, offline, print, route. */
export const ownMapEn: Record<string, string> = {
  'ownmap.show': 'Show the map image',
  'ownmap.baseonly': 'Base map only',
  'ownmap.opacity': 'Map image opacity',
  'ownmap.nogrid': 'not cut for this projection',
  'ownmap.unpublished': 'not published',
  'ownmap.notyet': 'not public yet',
  'ownmap.hiddenposition': 'The organiser has chosen not to show your own position on the map.',
  'ownmap.offline.image':
    'Map image “{{name}}”: {{tiles}} tiles, zoom {{min}}–{{max}}, about {{size}} MB.',
  'ownmap.offline.total': 'In all about {{size}} MB.',
  'ownmap.print.include': 'Print the map',
  'ownmap.print.title': 'Map',
  'ownmap.route.none': 'No track was recorded for this team.',
  'ownmap.route.hidden': 'The event’s tracks are not public.',
};
