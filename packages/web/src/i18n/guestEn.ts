// Guest accounts (the participant app's "continue as a guest") and their upgrade to a full
// account; the display name on the account page. Public: the participant app uses them.
export const guestEn = {
  'usermenu.saveaccount': 'Save your account',
  'guest.banner': 'You are using a guest account on this device. Save it to sign in anywhere.',
  'guest.save': 'Save your account',
  'guest.upgrade.title': 'Save your account',
  'guest.upgrade.text':
    'Choose an email and a password. Your teams and registrations stay with the account.',
  'guest.upgrade.email': 'Email',
  'guest.upgrade.password': 'Password',
  'guest.upgrade.name': 'Your name',
  'guest.upgrade.tooshort': 'At least {{min}} characters',
  'guest.upgrade.submit': 'Save account',
  'guest.upgrade.cancel': 'Cancel',
  'guest.upgrade.done': 'Your account is saved. Sign in with {{email}} from now on.',
  'guest.name': 'Guest account',
  'account.name.title': 'Display name',
  'account.name.text': 'The name organisers and your team see.',
  'account.name.label': 'Display name',
  'account.name.save': 'Save',
  'account.name.done': 'The name is saved',
};
