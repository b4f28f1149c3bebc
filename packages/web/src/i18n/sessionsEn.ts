/** English texts of the account page (/account): sessions, API tokens, password (issue 10). */
export const sessionsEn = {
  'usermenu.account': 'Account and sessions',

  'account.title': 'Your account',
  'account.signedout': 'Sign in to see your sessions and API tokens and to change your password.',
  'account.deletelink': 'Delete account…',

  'account.sessions.title': 'Signed-in browsers',
  'account.sessions.text':
    'A browser stays signed in for 30 days after it was last used, and at most 90 days after signing in.',
  'account.sessions.device': 'Browser',
  'account.sessions.unknowndevice': 'Unknown browser',
  'account.sessions.created': 'Signed in',
  'account.sessions.lastused': 'Last used',
  'account.sessions.expires': 'Ends',
  'account.sessions.current': 'This device',
  'account.sessions.revoke': 'Sign out',
  'account.sessions.revoke.label': 'Sign out the browser signed in at {{time}}',
  'account.sessions.revoked': 'The browser was signed out',

  'account.tokens.title': 'API tokens',
  'account.tokens.text':
    'Tokens let devices and scripts use your account. A token works for 90 days; renew it to keep it working.',
  'account.tokens.none': 'You have no API tokens.',
  'account.tokens.name': 'Name',
  'account.tokens.created': 'Created',
  'account.tokens.lastused': 'Last used',
  'account.tokens.expires': 'Expires',
  'account.tokens.expired': 'Expired',
  'account.tokens.renew': 'Renew',
  'account.tokens.renew.label': 'Renew the token {{name}}',
  'account.tokens.renewed': 'The token {{name}} works until {{time}}',
  'account.tokens.revoke': 'Revoke',
  'account.tokens.revoke.label': 'Revoke the token {{name}}',
  'account.tokens.revoked': 'The token {{name}} no longer works',
  'account.tokens.new': 'New token name',
  'account.tokens.create': 'Create token',
  'account.tokens.created.once':
    'Copy the token now: it is shown only once. It works until {{time}}.',

  'account.password.title': 'Change password',
  'account.password.text': 'Your other browsers are signed out; API tokens keep working.',
  'account.password.current': 'Current password',
  'account.password.next': 'New password',
  'account.password.repeat': 'New password again',
  'account.password.tooshort': 'At least {{min}} characters',
  'account.password.mismatch': 'The passwords differ',
  'account.password.submit': 'Change password',
  'account.password.done': 'Your password was changed and your other browsers were signed out',
  'account.password.settitle': 'Set a password',
  'account.password.settext':
    'Then you can also sign in with your email and this password. Your other browsers are signed out.',
  'account.password.setsubmit': 'Set password',
  'account.password.setdone': 'Your password is set and your other browsers were signed out',
};
