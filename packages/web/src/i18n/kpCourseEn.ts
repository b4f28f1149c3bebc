/** English texts of the IOF CourseData and KML import and export of checkpoints (issue 36). */
export const kpCourseEn: Record<string, string> = {
  'kp.download.coursedata': 'IOF XML CourseData (MeOS, SportOrg, Purple Pen)',
  'kp.download.kml': 'KML file (MapRun, Google Earth)',
  'kp.import.coursedata': 'IOF CourseData',
  'kpimport.err.noposition':
    'Control {{value}} has map coordinates only, no latitude and longitude: georeference the map in the course-setting program and export again.',
  'kpimport.err.notcoursedata': 'The XML file is not IOF CourseData (its root is not CourseData).',
  'kpimport.err.iofversion2':
    'The file is IOF XML 2.0 CourseData, which has no latitude and longitude: export it as IOF XML 3.0.',
  'kpimport.err.nocontrols': 'The CourseData file has no controls other than start and finish.',
  'kpimport.note.skipped':
    '{{count}} {{field}} control(s) are not checkpoints and are left out: {{value}}.',
  'kpimport.note.courses':
    'The file has {{count}} course(s) ({{value}}). There are no courses per class here: every KP is open to every class, so only the controls are imported.',
  'kpimport.note.scores':
    '{{count}} KP(s) take their value from the score course {{value}} (value class by the event’s points per class).',
};
