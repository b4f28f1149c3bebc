import type { accountEn } from './accountEn.ts';

/** Eesti keeles: konto kustutamine ürituste omanikuna, „Tee omanikuks“ ja seadme kella hoiatus. */
export const accountEt: Record<keyof typeof accountEn, string> = {
  'account.email.title': 'E-post',
  'account.email.text':
    'Saadame uuele aadressile lingi; sinu e-posti aadress muutub, kui avad selle brauseris, kus oled sellesse kontosse sisse logitud. Parool jääb samaks.',
  'account.email.password': 'Praegune parool',
  'account.email.nomail':
    'See sait ei saada e-kirju, seega ei saa aadressi siin muuta ega kinnitada.',
  'account.email.verified': 'Kinnitatud',
  'account.email.unverified': 'Kinnitamata',
  'account.email.verify': 'Kinnita aadress',
  'account.email.unverifiedtext':
    'Kuni sa pole avanud linki, mille sellele aadressile saadame, ei saa selle aadressiga sisselogimisteenus (Google jms) selle kontoga liituda; seo see allpool.',
  'account.email.unverifiedtext.nomail':
    'Kuni aadress on kinnitamata, ei saa selle aadressiga sisselogimisteenus (Google jms) selle kontoga liituda; seo see allpool.',
  'account.email.none': 'E-posti aadress puudub',
  'account.email.new': 'Uus e-posti aadress',
  'account.email.add': 'E-posti aadress',
  'account.email.send': 'Saada link',
  'account.email.sent':
    'Saatsime lingi aadressile {{email}}. Ava see tunni jooksul, et teha see oma e-posti aadressiks.',
  'account.phone.title': 'Telefon',
  'account.phone.text':
    'Telefoninumbriga saad siseneda tekstisõnumiga saadetud koodiga. Numbri kontrollimiseks saadame koodi.',
  'account.phone.none': 'Telefoninumber puudub',
  'account.phone.change': 'Muuda',
  'account.phone.save': 'Salvesta number',
  'account.phone.remove': 'Eemalda',
  'account.phone.removetitle': 'Eemaldada telefoninumber?',
  'account.phone.removeconfirm': '{{phone}} ei logi sind enam sisse.',
  'emailchange.title': 'Uus e-posti aadress',
  'emailchange.text':
    'Kinnita, et teha see aadress oma Rada konto e-posti aadressiks. Muudatust saab kinnitada ainult konto, mis selle küsis: logi enne sellesse sisse.',
  'emailchange.confirm': 'Kinnita aadress',
  'emailchange.done': 'Sinu e-posti aadress on nüüd {{email}}.',
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
  'account.identities.title': 'Sisselogimisviisid',
  'account.identities.text':
    'Teiste teenuste kontod, millega siia sisse logida. Seo konto, et sellega sisse logida; eemalda seos, kui seda enam ei soovi.',
  'account.identities.linked': 'Seotud',
  'account.identities.link': 'Seo {{label}}',
  'account.identities.unlink': 'Eemalda seos',
  'account.identities.unlinkconfirm':
    'Kas eemaldada seos teenusega {{label}}? Sellega ei saa enam sisse logida.',
  'account.identities.unlinked': 'Seos teenusega {{label}} on eemaldatud',
  'account.identities.none': 'Selles serveris pole teisi sisselogimisteenuseid seadistatud.',
};
