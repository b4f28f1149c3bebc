/** Eesti tekstid: KP-de IOF CourseData ja KML import ja eksport (issue 36). */
export const kpCourseEt: Record<string, string> = {
  'kp.download.coursedata': 'IOF XML CourseData (MeOS, SportOrg, Purple Pen)',
  'kp.download.kml': 'KML-fail (MapRun, Google Earth)',
  'kp.import.coursedata': 'IOF CourseData',
  'kpimport.err.noposition':
    'Punktil {{value}} on ainult kaardikoordinaadid, laius- ja pikkuskraadi pole: seo kaart rajaplaneerimise programmis koordinaatidega ja ekspordi uuesti.',
  'kpimport.err.notcoursedata': 'XML-fail pole IOF CourseData (juurelement pole CourseData).',
  'kpimport.err.iofversion2':
    'Fail on IOF XML 2.0 CourseData, milles pole laius- ja pikkuskraadi: ekspordi see IOF XML 3.0 kujul.',
  'kpimport.err.nocontrols': 'CourseData failis pole peale stardi ja finiši ühtegi punkti.',
  'kpimport.note.skipped':
    '{{count}} punkti tüübiga {{field}} ei ole kontrollpunktid ja jäetakse välja: {{value}}.',
  'kpimport.note.courses':
    'Failis on {{count}} rada ({{value}}). Siin pole klassipõhiseid radu: iga KP on avatud igale klassile, seega imporditakse ainult punktid.',
  'kpimport.note.scores':
    '{{count}} KP väärtus tuleb punktiraja {{value}} punktidest (väärtusklass ürituse klasside punktide järgi).',
};
