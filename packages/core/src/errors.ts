/**
 * Error keys the server answers with (`{error, message}`) and the web translates.
 * The product's own keys (spec 01 §8) are kept as they are; the rest follow the same shape.
 */
export const ERROR_KEYS = [
  'createevent.err.exists',
  'createevent.err.badlink',
  'createevent.err.notfound',
  'createevent.badtemplate',
  'starttime.error.noorbadtime',
  'guide.nocreatorpermission',
  'error.validation',
  'error.notfound',
  'error.unauthorized',
  'error.forbidden',
  'error.internal',
  'error.toolarge',
  'auth.error.badcredentials',
  'auth.error.emailtaken',
  'auth.error.toomany',
  'auth.error.confirm',
  'admins.error.owner',
  'admins.error.unknownuser',
  'settings.error.unknownkey',
  'error.cpnumconflict',
  'kpdata.badresponse',
  'bad fail.....',
  'kp.error.archived',
  'results.error.hidden',
  'teams.error.archived',
  'teams.error.nrexists',
  'teams.error.exists',
  'reg.error.invalid',
  'reg.error.closed',
  'reg.error.single',
  'joinc.error.codeexists',
  'joinc.error.notfound',
  'joinc.error.expired',
  'joinc.error.used',
  'joinc.error.archived',
  'joinc.error.badteam',
  'msg.error.nouser',
  'device.error.noteam',
  'device.error.owned',
] as const;
export type ErrorKey = (typeof ERROR_KEYS)[number];

/** The body of every error answer. `details` lists per-field problems of a refused body. */
export interface ErrorBody {
  error: ErrorKey;
  message: string;
  details?: { path: string; message: string }[];
}

/** English fallback messages; the web shows its own translations of the keys. */
export const ERROR_MESSAGES: Record<ErrorKey, string> = {
  'createevent.err.exists': 'This short link is already taken',
  'createevent.err.badlink': 'The short link may contain only letters, digits, - and _',
  'createevent.err.notfound': 'The event to duplicate was not found',
  'createevent.badtemplate':
    'The template file is unreadable or does not have the event file structure',
  'starttime.error.noorbadtime': 'The end time must not be before the start time',
  'guide.nocreatorpermission': 'You do not have permission to create events',
  'error.validation': 'The request is not valid',
  'error.notfound': 'Not found',
  'error.unauthorized': 'Please sign in',
  'error.forbidden': 'You do not have permission to do that',
  'error.internal': 'Something went wrong on the server',
  'error.toolarge': 'The request is too large',
  'auth.error.badcredentials': 'Wrong email or password',
  'auth.error.emailtaken': 'An account with this email already exists',
  'auth.error.toomany':
    'Too many account requests are coming from your IP address. Try again in a few minutes.',
  'auth.error.confirm': 'Type your email address to confirm',
  'admins.error.owner': 'The owner cannot be removed',
  'admins.error.unknownuser': 'No such user',
  'settings.error.unknownkey': 'Unknown setting',
  'error.cpnumconflict': 'Checkpoint number conflict: the number is already in use',
  'kpdata.badresponse': 'A response is not valid: the correct answer must be one of the responses',
  'bad fail.....': 'The file could not be read (tried UTF-8 and ISO-8859-1)',
  'kp.error.archived': 'The event is archived: checkpoints cannot be changed',
  'results.error.hidden': 'The results of this event are hidden',
  'teams.error.archived': 'The event is archived: teams cannot be changed',
  'teams.error.nrexists': 'Another team already has this number',
  'teams.error.exists': 'A team with this id exists already',
  'reg.error.invalid': 'Some fields of the registration are missing or wrong',
  'reg.error.closed': 'Registration to this event is closed',
  'reg.error.single': 'You have registered a team to this event already',
  'joinc.error.codeexists': 'This join code exists already',
  'joinc.error.notfound': 'No such join code',
  'joinc.error.expired': 'This join code has expired',
  'joinc.error.used': 'This join code has been used already',
  'joinc.error.archived': 'The event of this join code is archived',
  'joinc.error.badteam': 'The team of this join code no longer exists',
  'msg.error.nouser': 'The team has no user to send to',
  'device.error.noteam': 'You are not in a team of this event',
  'device.error.owned': 'This device belongs to another user',
};
