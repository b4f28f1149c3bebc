import type { sessionsEn } from './sessionsEn.ts';

/** Konto lehe (/account) eestikeelsed tekstid: seansid, API võtmed, parool (issue 10). */
export const sessionsEt: Record<keyof typeof sessionsEn, string> = {
  'usermenu.account': 'Konto ja seansid',

  'account.title': 'Sinu konto',
  'account.signedout': 'Logi sisse, et näha oma seansse ja API võtmeid ning muuta parooli.',
  'account.deletelink': 'Kustuta konto…',

  'account.sessions.title': 'Sisse logitud brauserid',
  'account.sessions.text':
    'Brauser jääb sisse logituks 30 päevaks viimasest kasutusest, kuid kõige rohkem 90 päevaks sisselogimisest.',
  'account.sessions.device': 'Brauser',
  'account.sessions.unknowndevice': 'Tundmatu brauser',
  'account.sessions.created': 'Sisse logitud',
  'account.sessions.lastused': 'Viimati kasutatud',
  'account.sessions.expires': 'Lõpeb',
  'account.sessions.current': 'See seade',
  'account.sessions.revoke': 'Logi välja',
  'account.sessions.revoke.label': 'Logi välja brauser, mis logiti sisse {{time}}',
  'account.sessions.revoked': 'Brauser logiti välja',

  'account.tokens.title': 'API võtmed',
  'account.tokens.text':
    'Võtmetega saavad seadmed ja skriptid sinu kontot kasutada. Võti kehtib 90 päeva; pikenda seda, et see edasi töötaks.',
  'account.tokens.none': 'Sul pole API võtmeid.',
  'account.tokens.name': 'Nimi',
  'account.tokens.created': 'Loodud',
  'account.tokens.lastused': 'Viimati kasutatud',
  'account.tokens.expires': 'Aegub',
  'account.tokens.expired': 'Aegunud',
  'account.tokens.renew': 'Pikenda',
  'account.tokens.renew.label': 'Pikenda võtit {{name}}',
  'account.tokens.renewed': 'Võti {{name}} kehtib kuni {{time}}',
  'account.tokens.revoke': 'Tühista',
  'account.tokens.revoke.label': 'Tühista võti {{name}}',
  'account.tokens.revoked': 'Võti {{name}} enam ei tööta',
  'account.tokens.new': 'Uue võtme nimi',
  'account.tokens.create': 'Loo võti',
  'account.tokens.created.once':
    'Kopeeri võti kohe: seda näidatakse ainult üks kord. See kehtib kuni {{time}}.',

  'account.password.title': 'Muuda parooli',
  'account.password.text': 'Sinu teised brauserid logitakse välja; API võtmed töötavad edasi.',
  'account.password.current': 'Praegune parool',
  'account.password.next': 'Uus parool',
  'account.password.repeat': 'Uus parool uuesti',
  'account.password.tooshort': 'Vähemalt {{min}} märki',
  'account.password.mismatch': 'Paroolid erinevad',
  'account.password.submit': 'Muuda parooli',
  'account.password.done': 'Sinu parool on muudetud ja teised brauserid logiti välja',
  'account.password.settitle': 'Määra parool',
  'account.password.settext':
    'Siis saad siseneda ka oma e-posti aadressi ja selle parooliga. Teised brauserid logitakse välja.',
  'account.password.setsubmit': 'Määra parool',
  'account.password.setdone': 'Sinu parool on määratud ja teised brauserid logiti välja',
};
