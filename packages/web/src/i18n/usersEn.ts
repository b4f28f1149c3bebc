/** English strings of the user picker's limits (features/users): outside super admins it finds
 * the people of the caller's own events, and anyone else only by the whole email address. */
export const usersEn: Record<string, string> = {
  'users.limited.search': 'A name from your events, or a full email address',
  'users.limited.typemore': 'Type a name from your events or the full email address',
  'users.limited.none':
    'No one found among your events. Type the full email address of the person to add.',
  'users.limited.help':
    'Only people in your events are found by name. Anyone else is found by their whole email address.',
};
