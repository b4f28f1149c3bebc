import type { accountEn } from './accountEn.ts';

/** Eesti keeles: konto kustutamine ürituste omanikuna, „Tee omanikuks“ ja seadme kella hoiatus. */
export const accountEt: Record<keyof typeof accountEn, string> = {
  'accountdelete.owns':
    'Oled nende ürituste omanik. Tee iga ürituse administraatorite vahekaardil omanikuks mõni teine administraator või kustuta üritus ning kustuta seejärel oma konto:',
  'accountdelete.owns.open': 'Ava ürituse {{name}} administraatorid',

  'admins.makeowner': 'Tee omanikuks',
  'admins.makeowner.label': 'Tee {{name}} omanikuks',
  'admins.makeowner.title': 'Kas teha {{name}} omanikuks?',
  'admins.makeowner.text':
    '{{name}} saab selle ürituse omanikuks ja võib selle kustutada. Sina jääd administraatoriks, kuid ei saa üritust enam edasi anda.',
  'admins.makeowner.cancel': 'Loobu',
  'admins.makeowner.confirm': 'Tee omanikuks',
  'admins.makeowner.done': '{{name}} on nüüd selle ürituse omanik',

  'teams.clock.ahead':
    'Võistkonna seadme kell on serverist {{amount}} ees (nähtud {{time}}). Seadme saadetud aegu arvestatakse kõige rohkem serveri ajaga.',
  'teams.clock.behind':
    'Võistkonna seadme kell on serverist {{amount}} maas või jõudsid andmed hilja (nähtud {{time}}). Kontrolli võistkonna märkimiste, stardi ja finiši aegu.',
  'account.passkeys.title': 'Pääsuvõtmed',
  'account.passkeys.text':
    'Pääsuvõti logib sind sisse ilma paroolita, sõrmejälje, näo või ekraaniluku abil. Lisa üks igasse seadmesse, mida kasutad.',
  'account.passkeys.name': 'Nimi',
  'account.passkeys.created': 'Lisatud',
  'account.passkeys.add': 'Lisa pääsuvõti',
  'account.passkeys.added': 'Pääsuvõti on lisatud',
  'account.passkeys.remove': 'Eemalda pääsuvõti',
  'account.passkeys.removeconfirm':
    'Kas eemaldada pääsuvõti {{name}}? Sellega ei saa enam sisse logida.',
  'account.passkeys.removed': 'Pääsuvõti on eemaldatud',
  'account.passkeys.unsupported': 'See brauser ei oska pääsuvõtmeid kasutada.',
};
