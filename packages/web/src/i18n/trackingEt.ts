// Estonian texts of tracking with the phone in a pocket (see trackingEn.ts for where they go).

/** What the participant app shows of it: the way in, the keep-awake switch, the gap banner. */
export const trackingAppEt: Record<string, string> = {
  'tracking.open': 'Jälgi taustal',
  'tracking.open.hint':
    'Kui ekraan on kustus, ei saa veebileht asukohta. Tasuta jälgimisrakendus jälgib ka siis, kui telefon on taskus.',
  'tracking.wakelock': 'Hoia ekraan sees',
  'tracking.wakelock.cost':
    'Jälgib seni, kuni see leht on lahti. Põlev ekraan kulutab akut umbes sama palju kui telefoni kasutamine: enamikul telefonidel 10–20% tunnis.',
  'tracking.wakelock.failed': 'Telefon ei lasknud ekraani sisse jätta (ehk on akusäästja sees).',
  'tracking.gap': 'Rakendus oli taustal ja ei jälginud {{duration}}.',
  'tracking.gap.fix': 'Jälgi taustal',
  'tracking.gap.min': '{{count}} min',
  'tracking.gap.h': '{{h}} h {{min}} min',
};

/** The Tracking apps dialog (features/tracking). */
export const trackingEt: Record<string, string> = {
  'tracking.title': 'Jälgimine, kui telefon on taskus',
  'tracking.intro':
    'Kui ekraan kustub, ei saa veebileht enam asukohta. Need tasuta rakendused saadavad telefoni asukohta sellele üritusele ka taskust, lukus ekraaniga.',
  'tracking.apps': 'Jälgimisrakendused',
  'tracking.app.traccar': 'Traccar Client',
  'tracking.app.osmand': 'OsmAnd',
  'tracking.app.owntracks': 'OwnTracks',
  'tracking.app.gpslogger': 'GPSLogger',
  'tracking.app.tracker': 'GPS-jälgimisseade',
  'tracking.recommended': 'Soovitatud',
  'tracking.androidonly': 'Ainult Android',
  'tracking.store.play': 'Google Play',
  'tracking.store.apple': 'App Store',
  'tracking.store.fdroid': 'F-Droid',
  'tracking.make': 'Loo link rakendusele {{app}}',
  'tracking.make.text':
    'Link on selle võistkonna oma: kellel see on, saadab asukohti võistkonna nimel. Loo iga jälgiva telefoni jaoks oma link.',
  'tracking.another': 'Teine telefon: loo veel üks link',
  'tracking.link': 'Link {{nr}}',
  'tracking.steps': 'Kuidas seadistada',
  'tracking.openin': 'Ava rakenduses {{app}}',
  'tracking.openin.hint': 'Selles telefonis: üks puudutus seadistab rakenduse.',
  'tracking.qr.alt': 'QR-kood, mis seadistab rakenduse {{app}}',
  'tracking.qr.hint': 'Teises telefonis: skanni kood selle kaameraga.',
  'tracking.qr.failed': 'QR-koodi ei õnnestunud joonistada; kopeeri aadress.',
  'tracking.url': 'Aadress rakendusele',
  'tracking.copy': 'Kopeeri aadress',
  'tracking.copied': 'Aadress kopeeritud',
  'tracking.copyfailed': 'Kopeerimine ei õnnestunud: vali aadress ja kopeeri see.',
  'tracking.status.none': 'Ühtegi punkti pole veel',
  'tracking.status.last': 'Viimane punkt {{ago}}',
  'tracking.status.seen': 'Viimane päring {{ago}}, aga punkti selles veel polnud',
  'tracking.ago.now': 'just praegu',
  'tracking.ago.s': '{{count}} s tagasi',
  'tracking.ago.min': '{{count}} min tagasi',
  'tracking.ago.h': '{{count}} h {{min}} min tagasi',
  'tracking.ago.d': '{{count}} p tagasi',
  'tracking.stop': 'Peata see link',
  'tracking.stop.title': 'Peatada see link?',
  'tracking.stop.text':
    'Seda linki kasutavat rakendust enam ei võeta vastu: selle asukohad lükatakse nüüdsest tagasi. Juba salvestatud punktid jäävad alles.',
  'tracking.stopped': 'Link on peatatud.',
  'tracking.battery':
    'Aku: rakendus, mis saadab punkti iga 10 sekundi järel, kulutab kustunud ekraaniga umbes 5–10% akust tunnis, olenevalt telefonist. Pikale üritusele võta kaasa akupank.',
  'tracking.privacy':
    'Privaatsus: asukohad lähevad ainult sellele üritusele ja ainult siis, kui rakendus jälgib. Lülita pärast finišit jälgimine rakenduses välja või peata link siin.',

  'tracking.step.allow':
    'Luba asukoht „Luba kogu aeg“ (Android) või „Alati“ (iPhone), kui {{app}} seda küsib, või hiljem telefoni seadetes rakenduse juures.',
  'tracking.step.battery':
    'Android: lülita rakenduse {{app}} akuoptimeerimine välja (Seaded → Rakendused → {{app}} → Aku → Piiranguteta), muidu peatab telefon selle taskus.',
  'tracking.step.install': 'Paigalda {{app}}:',

  'tracking.traccar.open':
    'Selles telefonis puuduta „Ava rakenduses Traccar Client“ ja nõustu uute seadetega. Teises telefonis skanni QR-kood kaameraga.',
  'tracking.traccar.settings':
    'Kontrolli seadeid: Location accuracy High, Interval 10 sekundit, Offline buffering sees. Serveri aadress ja seadme tunnus on juba täidetud.',
  'tracking.traccar.start':
    'Lülita sisse Continuous tracking. Rakendus saadab siis punkti iga 10 sekundi järel, olgu ekraan sees või mitte.',

  'tracking.osmand.plugin': 'Ava OsmAndis Menüü → Pluginad ja lülita sisse Teekonna salvestamine.',
  'tracking.osmand.url':
    'Menüü → Seaded → sinu profiil → Teekonna salvestamine → Võrgujälgimine: kleebi allolev aadress veebiaadressiks (kopeeri see või skanni QR-kood) ja pane jälgimise intervalliks 10 sekundit.',
  'tracking.osmand.start':
    'Lülita võrgujälgimine sisse ja alusta teekonna salvestamist (kaardil teekonna salvestamise vidinast).',

  'tracking.owntracks.open':
    'Selles telefonis puuduta „Ava rakenduses OwnTracks“ ja impordi seaded. Teises telefonis skanni QR-kood. Käsitsi: Preferences → Connection → Mode HTTP ja URL-iks allolev aadress.',
  'tracking.owntracks.move':
    'Vali jälgimisrežiim Move (nooled kaardi kohal): liikudes teatab see asukohta iga paari sekundi järel.',
  'tracking.owntracks.start': 'Jäta OwnTracks tööle; see teatab asukohta ka kustunud ekraaniga.',

  'tracking.gpslogger.url':
    'Ava GPSLoggeris Menu → Logging details → Log to custom URL, lülita see sisse ja kleebi allolev aadress URL-iks (kopeeri see või skanni QR-kood).',
  'tracking.gpslogger.settings':
    'Menu → Performance: pane Log every 10 sekundit; GPS ja võrgu asukohaallikas mõlemad sees.',
  'tracking.gpslogger.start': 'Puuduta Start logging.',

  'tracking.feed.title': 'Edastus sinu Traccari serverist',
  'tracking.feed.text':
    'Traccari server loeb GPS-seadmete endi protokolle ja edastab nende asukohad siia. Kogu üritusele üks aadress.',
  'tracking.feed.off': 'Edastus on väljas: üritus ei võta Traccari serverist asukohti vastu.',
  'tracking.feed.enable': 'Lülita edastus sisse',
  'tracking.feed.renew': 'Loo uus aadress',
  'tracking.feed.renew.text':
    'Praegune aadress lakkab kohe töötamast; Traccari server vajab oma traccar.xml-i uut aadressi.',
  'tracking.feed.disable': 'Lülita edastus välja',
  'tracking.feed.disable.text':
    'Üritus ei võta siis Traccari serverist asukohti vastu. Uue aadressi saab hiljem luua.',
  'tracking.feed.url': 'Edastuse aadress',
  'tracking.feed.where':
    'Pane see Traccari serveri traccar.xml-i võtmeks forward.url ja forward.type väärtuseks json (read on Rada dokumentatsioonis docs/tracking.md).',
  'tracking.trackers.title': 'Selle võistkonna GPS-seadmed',
  'tracking.trackers.text':
    'Lisa seade selle unikaalse tunnusega Traccari serveris (sageli IMEI): selle edastatud asukohad lähevad sellele võistkonnale.',
  'tracking.trackers.none': 'Seadmeid pole veel.',
  'tracking.trackers.id': 'Unikaalne tunnus Traccaris',
  'tracking.trackers.invalid': 'Tähed, numbrid ja märgid ilma tühikuteta, kuni 64.',
  'tracking.trackers.add': 'Lisa',
  'tracking.trackers.removebutton': 'Eemalda',
  'tracking.trackers.remove': 'Eemalda seade {{id}}',
  'tracking.trackers.remove.text':
    'Tunnusega {{id}} edastatud asukohad ei lähe enam sellele võistkonnale. Juba salvestatud punktid jäävad alles.',
  'tracking.trackers.removed': 'Seade {{id}} eemaldatud.',
};
