/** Estonian texts of the map, deleted KPs and printing (features/map, deletedKps, printing). */
export const mapEt: Record<string, string> = {
  'map.layer.osm': 'OpenStreetMap',
  'map.layer.private': '{{name}} (privaatne)',
  'map.layer.event': 'Ürituse kaart',
  'map.locate': 'Näita minu asukohta',

  'restore.title': 'Kustutatud KP-de taastamine',
  'restore.empty': 'Kustutatud KP-sid ei ole.',
  'restore.restore': 'Taasta',
  'restore.done': 'KP {{nr}} on taastatud',
  'restore.deletedat': 'Kustutatud {{time}}',

  'deletedkponteam.title': 'Vastused kustutatud KP-dele',
  'deletedkponteam.help':
    'Neil võistkondadel on vastuseid KP-dele, mis on kustutatud või mida enam ei ole, seega võivad tulemused olla valed. Taasta iga rea KP või kustuta vastus.',
  'deletedkponteam.allclear': 'Ühelgi võistkonnal pole vastust kustutatud KP-le.',
  'deletedkponteam.broken':
    'Tulemused võivad olla vigased: mõnel võistkonnal on vastuseid kustutatud KP-dele. Palu ürituse administraatoril need parandada.',
  'deletedkponteam.team': 'Võistkond',
  'deletedkponteam.kpid': 'KP id',
  'deletedkponteam.time': 'Aeg',
  'deletedkponteam.deleted': 'Kustutatud',
  'deletedkponteam.answer': 'Vastus',
  'deletedkponteam.deletednr': 'Kustutatud KP number',
  'deletedkponteam.actions': 'Tegevused',
  'deletedkponteam.yes': 'Jah',
  'deletedkponteam.no': 'Ei',
  'deletedkponteam.ok': 'Õige',
  'deletedkponteam.notok': 'Vale',
  'deletedkponteam.restore': 'Taasta KP',
  'deletedkponteam.deleteanswer': 'Kustuta vastus',

  'kpprint.title': 'Kontrollpunktide kirjeldused',
  'kpprint.print': 'Prindi',
  'kpprint.empty': 'Üritusel pole veel kontrollpunkte.',
  'kpprint.nr': 'Nr',
  'kpprint.value': 'Väärtus',
  'kpprint.desc': 'Kirjeldus',
  'kpprint.coords': 'Koordinaadid',
  'kpprint.responses': 'Vastusevariandid',
};
