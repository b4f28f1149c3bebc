/** Estonian texts of the safety of organiser actions (see safetyEn.ts). */
export const safetyEt: Record<string, string> = {
  'teams.starttimes.includestarted':
    'Muuda ka võistkondi, kes on alustanud, lõpetanud või mõne KP märkinud',
  'teams.starttimes.includestartedwarn':
    'Nende stardiaeg muutub tagantjärele ning koos sellega ka nende ajad ja tulemused.',
  'teams.starttimes.preview': 'Mis muutub',
  'teams.starttimes.preview.assign': 'Stardiaja saavad võistkonnad: {{count}}',
  'teams.starttimes.preview.change': 'Muutuvad stardiajad: {{count}}',
  'teams.starttimes.preview.keptwithtime': 'Oma senise stardiaja jätavad võistkonnad: {{count}}',
  'teams.starttimes.preview.keptstarted':
    'Alustanud, lõpetanud või KP märkinud võistkonnad, jäävad muutmata: {{count}}',
  'teams.starttimes.preview.nothing': 'Ükski stardiaeg ei muutuks.',
  'teams.starttimes.preview.more': '… ja veel {{count}}',
  'teams.starttimes.none': 'puudub',
  'teams.starttimes.undo': 'Võta tagasi',
  'teams.starttimes.undone': 'Taastatud stardiajad: {{count}}',
  'teams.starttimes.undoskipped': 'Vahepeal muudetud ja puutumata jäetud: {{count}}',
  'teams.deleteanswer.title': 'Kas kustutada vastus?',
  'teams.deleteanswer.text':
    'Võistkonna {{team}} vastus KP-s {{nr}} kustutatakse ja tulemused arvutatakse ümber.',
  'teams.deleteanswer.confirm': 'Kustuta',
  'admins.removeconfirm.title': 'Kas eemaldada administraator?',
  'admins.removeconfirm.text':
    '{{name}} ei saa enam seda üritust muuta. Hiljem saad ta uuesti lisada.',
  'admins.removeconfirm.confirm': 'Eemalda',
};
