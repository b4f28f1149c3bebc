/**
 * English texts of account deletion while owning events, the admins' "Make owner", and the Teams
 * tab's device clock warning (issue 10).
 */
export const accountEn = {
  'account.email.title': 'Email',
  'account.email.text':
    'We send a link to the new address; your email changes when you open it in a browser signed in to this account. Your password stays the same.',
  'account.email.password': 'Current password',
  'account.email.nomail':
    'This site sends no email, so your address cannot be changed or confirmed here.',
  'account.email.verified': 'Confirmed',
  'account.email.unverified': 'Not confirmed',
  'account.email.verify': 'Confirm the address',
  'account.email.unverifiedtext':
    'Until you open a link we mail to it, a sign-in service (Google and the like) with this address cannot join this account; link it below instead.',
  'account.email.unverifiedtext.nomail':
    'While the address is not confirmed, a sign-in service (Google and the like) with this address cannot join this account; link it below instead.',
  'account.email.none': 'No email address',
  'account.email.new': 'New email address',
  'account.email.add': 'Email address',
  'account.email.send': 'Send link',
  'account.email.sent':
    'We sent a link to {{email}}. Open it within an hour to make it your email address.',
  'account.phone.title': 'Phone',
  'account.phone.text':
    'A phone number lets you sign in with a code by text message. We send a code to check the number.',
  'account.phone.none': 'No phone number',
  'account.phone.change': 'Change',
  'account.phone.save': 'Save number',
  'account.phone.remove': 'Remove',
  'account.phone.removetitle': 'Remove the phone number?',
  'account.phone.removeconfirm': '{{phone}} no longer signs you in.',
  'emailchange.title': 'New email address',
  'emailchange.text':
    'Confirm to make this address the email of your Rada account. Only the account that asked for the change can confirm it: sign in to it first.',
  'emailchange.confirm': 'Confirm the address',
  'emailchange.done': 'Your email address is now {{email}}.',
  'accountdelete.owns':
    'You own these events. Make another admin the owner in each event’s Admins tab, or delete the event, and then delete your account:',
  'accountdelete.owns.open': 'Open the admins of {{name}}',

  'admins.makeowner': 'Make owner',
  'admins.makeowner.label': 'Make {{name}} the owner',
  'admins.makeowner.title': 'Make {{name}} the owner?',
  'admins.makeowner.text':
    '{{name}} becomes the owner of this event and can delete it. You stay an admin but can no longer hand the event on.',
  'admins.makeowner.cancel': 'Cancel',
  'admins.makeowner.confirm': 'Make owner',
  'admins.makeowner.done': '{{name}} is now the owner of this event',

  'teams.clock.ahead':
    'The team’s device clock is {{amount}} ahead of the server (seen {{time}}). Times it sends are taken as the server’s time at most.',
  'teams.clock.behind':
    'The team’s device clock is {{amount}} behind the server, or its data arrived late (seen {{time}}). Check its marks, start and finish times.',
  'account.passkeys.title': 'Passkeys',
  'account.passkeys.text':
    'A passkey signs you in without a password, with your fingerprint, face or screen lock. Add one on each device you use.',
  'account.passkeys.name': 'Name',
  'account.passkeys.created': 'Added',
  'account.passkeys.add': 'Add a passkey',
  'account.passkeys.added': 'The passkey is added',
  'account.passkeys.remove': 'Remove passkey',
  'account.passkeys.removeconfirm': 'Remove the passkey {{name}}? It no longer signs you in.',
  'account.passkeys.removed': 'The passkey is removed',
  'account.passkeys.unsupported': 'This browser cannot use passkeys.',
  'account.identities.title': 'Sign-in methods',
  'account.identities.text':
    'Accounts at other services that sign you in here. Link one to sign in with it; unlink it when you no longer want to.',
  'account.identities.linked': 'Linked',
  'account.identities.link': 'Link {{label}}',
  'account.identities.unlink': 'Unlink',
  'account.identities.unlinkconfirm': 'Unlink {{label}}? It no longer signs you in.',
  'account.identities.unlinked': '{{label}} is unlinked',
  'account.identities.none': 'No other sign-in services are configured on this server.',
};
