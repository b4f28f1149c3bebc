/** English texts of an event file's problems in the create dialog (issue 10). */
export const eventFileEn = {
  'createevent.problems': 'Problems in the file:',
  'createevent.problems.more': 'Only the first {{shown}} are listed.',
};
