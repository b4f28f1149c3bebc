// The organiser's dashboard on the event page (features/eventPage/OverviewDashboard.tsx).
export const overviewEn = {
  'dash.now': 'Now',
  'dash.teams': 'Teams',
  'dash.teams.count_one': '{{count}} team',
  'dash.teams.count_other': '{{count}} teams',
  'dash.teams.allowed': '{{count}} allowed to take part',
  'dash.teams.notstarted': 'Not started',
  'dash.teams.running': 'Running',
  'dash.teams.finished': 'Finished',
  'dash.teams.out': 'Disqualified or withdrawn',
  'dash.teams.none':
    'No teams yet. Teams come by registration or a join code, or you add them in Teams.',
  'dash.kps': 'Checkpoints',
  'dash.kps.count_one': '{{count}} KP',
  'dash.kps.count_other': '{{count}} KPs',
  'dash.kps.ready': 'Ready',
  'dash.kps.inwork': 'In work',
  'dash.kps.none': 'No KPs yet. Add them on the map or import a file in Checkpoints.',
  'dash.kps.reason.inwork': 'In work',
  'dash.kps.reason.nolocation': 'No location',
  'dash.kps.reason.noanswer': 'No correct answer',
  'dash.kps.nr': 'KP {{nr}}',
  'dash.kps.more_one': '…and {{count}} more KP: see Checkpoints',
  'dash.kps.more_other': '…and {{count}} more KPs: see Checkpoints',
  'dash.archive.title': 'In the archive',
  'dash.archive.a1':
    'What the event held when it was archived. Its results and responses are read from the archive; nothing can be changed until it is restored.',
  'dash.archive.a2':
    'The event is in the second archive tier: its results and responses are read from the archive files.',
  'dash.archive.teams_one': 'team',
  'dash.archive.teams_other': 'teams',
  'dash.archive.checkpoints_one': 'checkpoint',
  'dash.archive.checkpoints_other': 'checkpoints',
  'dash.archive.answers_one': 'KP mark by a team',
  'dash.archive.answers_other': 'KP marks by teams',
  'dash.archive.registrations_one': 'registration',
  'dash.archive.registrations_other': 'registrations',
  'dash.archive.restore.title': 'Restoring',
  'dash.archive.restore.help':
    'Restoring brings the teams, answers, checkpoints and tracks back from the archive, so the event can be changed again. The event’s owner and admins can restore it, here or in Settings → Archive.',
  'dash.archive.restore.final':
    'An event in the second tier cannot be restored; its results and responses stay readable.',
  'dash.marks': 'Marks in the last 10 minutes',
  'dash.devices': 'Phones sending their location',
  'dash.setup': 'Setting up',
  'dash.setup.done': '{{done}} of {{total}} done',
  'dash.issues_one': '{{count}} issue',
  'dash.issues_other': '{{count}} issues',
  'dash.issues.help':
    'What the server noticed, such as points from a phone that belongs to no team: check its join code or team.',
  'dash.step.times': 'Start and end times',
  'dash.step.times.help':
    'When the event starts and ends: results and the participant app follow them.',
  'dash.step.kps': 'Checkpoints with locations and answers',
  'dash.step.kps.help':
    'Every KP placed on the map, out of work, and every question with its correct answer.',
  'dash.step.kps.left_one': '{{count}} KP needs attention',
  'dash.step.kps.left_other': '{{count}} KPs need attention',
  'dash.step.scoring': 'Scoring',
  'dash.step.scoring.help':
    'Points per value class, time limit and penalties, classes. Without them a KP is worth its value class.',
  'dash.step.access': 'Registration or join codes',
  'dash.step.access.help':
    'How teams get in: a registration form, join codes, or teams you add yourself.',
  'dash.step.startlist': 'Start list',
  'dash.step.startlist.help':
    'A mass start, teams starting themselves, or a start time for every allowed team.',
  'dash.step.startlist.left_one': '{{count}} team has no start time',
  'dash.step.startlist.left_other': '{{count}} teams have no start time',
  'dash.step.open': 'Open',
  'dash.step.donearia': 'Done',
  'dash.step.todoaria': 'To do',
};
