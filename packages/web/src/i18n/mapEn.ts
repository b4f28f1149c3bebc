/** English texts of the map, deleted KPs and printing (features/map, deletedKps, printing). */
export const mapEn: Record<string, string> = {
  'map.layer.osm': 'OpenStreetMap',
  'map.layer.private': '{{name}} (private)',
  'map.layer.event': 'Event map',
  'map.locate': 'Show my location',

  'restore.title': 'Restore deleted checkpoints',
  'restore.empty': 'There are no deleted checkpoints.',
  'restore.restore': 'Restore',
  'restore.done': 'Checkpoint {{nr}} restored',
  'restore.deletedat': 'Deleted {{time}}',

  'deletedkponteam.title': 'Answers for deleted checkpoints',
  'deletedkponteam.help':
    'These teams hold answers for checkpoints that were deleted or no longer exist, so results may be wrong. Restore the checkpoint or delete the answer for every row.',
  'deletedkponteam.allclear': 'No team holds an answer for a deleted checkpoint.',
  'deletedkponteam.broken':
    'Results may be broken: some teams hold answers for deleted checkpoints. Ask an event admin to fix them.',
  'deletedkponteam.team': 'Team',
  'deletedkponteam.kpid': 'KP id',
  'deletedkponteam.time': 'Time',
  'deletedkponteam.deleted': 'Deleted',
  'deletedkponteam.answer': 'Answer',
  'deletedkponteam.deletednr': 'Deleted KP number',
  'deletedkponteam.actions': 'Actions',
  'deletedkponteam.yes': 'Yes',
  'deletedkponteam.no': 'No',
  'deletedkponteam.ok': 'Correct',
  'deletedkponteam.notok': 'Wrong',
  'deletedkponteam.restore': 'Restore KP',
  'deletedkponteam.deleteanswer': 'Delete answer',

  'kpprint.title': 'Control descriptions',
  'kpprint.print': 'Print',
  'kpprint.empty': 'The event has no checkpoints yet.',
  'kpprint.nr': 'Nr',
  'kpprint.value': 'Value',
  'kpprint.desc': 'Description',
  'kpprint.coords': 'Coordinates',
  'kpprint.responses': 'Responses',
};
