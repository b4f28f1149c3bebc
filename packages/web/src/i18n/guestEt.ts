import type { guestEn } from './guestEn.ts';

// Külaliskontod (osaleja rakenduse "jätka külalisena") ja nende muutmine täiskontoks;
// kuvatav nimi konto lehel.
export const guestEt: Record<keyof typeof guestEn, string> = {
  'usermenu.saveaccount': 'Salvesta oma konto',
  'guest.banner':
    'Kasutad selles seadmes külaliskontot. Salvesta see, et saaksid sisse logida igal pool.',
  'guest.save': 'Salvesta konto',
  'guest.upgrade.title': 'Salvesta konto',
  'guest.upgrade.text':
    'Vali e-posti aadress ja parool. Sinu võistkonnad ja registreeringud jäävad kontole alles.',
  'guest.upgrade.email': 'E-post',
  'guest.upgrade.password': 'Parool',
  'guest.upgrade.name': 'Sinu nimi',
  'guest.upgrade.tooshort': 'Vähemalt {{min}} märki',
  'guest.upgrade.submit': 'Salvesta konto',
  'guest.upgrade.cancel': 'Loobu',
  'guest.upgrade.done': 'Konto on salvestatud. Logi edaspidi sisse aadressiga {{email}}.',
  'guest.name': 'Külaliskonto',
  'account.name.title': 'Kuvatav nimi',
  'account.name.text': 'Nimi, mida näevad korraldajad ja sinu võistkond.',
  'account.name.label': 'Kuvatav nimi',
  'account.name.save': 'Salvesta',
  'account.name.done': 'Nimi on salvestatud',
};
