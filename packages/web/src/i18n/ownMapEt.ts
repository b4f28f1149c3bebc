// Estonian texts of the event's own map images where maps are drawn (ownMapEn.ts says where).

export const ownMapEt: Record<string, string> = {
  'ownmap.show': 'Näita kaardipilti',
  'ownmap.baseonly': 'Ainult aluskaart',
  'ownmap.opacity': 'Kaardipildi läbipaistmatus',
  'ownmap.nogrid': 'selle projektsiooni jaoks lõikamata',
  'ownmap.unpublished': 'avaldamata',
  'ownmap.notyet': 'veel mitte avalik',
  'ownmap.hiddenposition': 'Korraldaja on otsustanud sinu asukohta kaardil mitte näidata.',
  'ownmap.offline.image':
    'Kaardipilt „{{name}}“: {{tiles}} ruutu, suum {{min}}–{{max}}, umbes {{size}} MB.',
  'ownmap.offline.total': 'Kokku umbes {{size}} MB.',
  'ownmap.print.include': 'Prindi kaart',
  'ownmap.print.title': 'Kaart',
  'ownmap.route.none': 'Sellel võistkonnal pole salvestatud rada.',
  'ownmap.route.hidden': 'Ürituse rajad pole avalikud.',
};
