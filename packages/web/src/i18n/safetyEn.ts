/**
 * English texts of the safety of organiser actions (issue 10): the start times preview and undo,
 * and the confirmations of destructive actions. Keys keep their feature's prefix.
 */
export const safetyEn: Record<string, string> = {
  'teams.starttimes.includestarted': 'Also change teams that started, finished or marked a KP',
  'teams.starttimes.includestartedwarn':
    'Their start times change after the fact, and so do their times and results.',
  'teams.starttimes.preview': 'What will change',
  'teams.starttimes.preview.assign': 'Teams that get a start time: {{count}}',
  'teams.starttimes.preview.change': 'Start times that change: {{count}}',
  'teams.starttimes.preview.keptwithtime': 'Teams that keep the start time they have: {{count}}',
  'teams.starttimes.preview.keptstarted':
    'Teams that started, finished or marked a KP, kept as they are: {{count}}',
  'teams.starttimes.preview.nothing': 'No start time would change.',
  'teams.starttimes.preview.more': '… and {{count}} more',
  'teams.starttimes.none': 'none',
  'teams.starttimes.undo': 'Undo',
  'teams.starttimes.undone': 'Start times put back: {{count}}',
  'teams.starttimes.undoskipped': 'Changed since and left alone: {{count}}',
  'teams.deleteanswer.title': 'Delete the answer?',
  'teams.deleteanswer.text':
    'The answer of {{team}} at KP {{nr}} will be deleted and the results recalculated.',
  'teams.deleteanswer.confirm': 'Delete',
  'admins.removeconfirm.title': 'Remove the admin?',
  'admins.removeconfirm.text':
    '{{name}} will no longer be able to change this event. You can add them again later.',
  'admins.removeconfirm.confirm': 'Remove',
};
