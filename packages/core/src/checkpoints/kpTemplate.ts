import { csvDocument } from '../csv.ts';
import { HUMAN_HEADERS } from './csvColumns.ts';
import type { CsvHeaderLanguage } from './csvColumns.ts';

/** The columns of the import template, by their format names (docs/kp-import.md). */
export const KP_TEMPLATE_COLUMNS = [
  'nr',
  'lat',
  'lng',
  'desc',
  'ra',
  'kohustuslik',
  'answer',
] as const;

/**
 * Two example checkpoints per language: a location KP and a question with two answers, its
 * correct one named by its text.
 */
const EXAMPLES: Record<CsvHeaderLanguage, string[][]> = {
  en: [
    ['1', '58.37780', '26.72900', 'Big stone by the path', '1', '', '', '', ''],
    [
      '2',
      '58.38020',
      '26.73350',
      'Bridge: what colour is the railing?',
      '2',
      'yes',
      'Red',
      'Red',
      'Green',
    ],
  ],
  et: [
    ['1', '58.37780', '26.72900', 'Suur kivi raja ääres', '1', '', '', '', ''],
    [
      '2',
      '58.38020',
      '26.73350',
      'Sild: mis värvi on käsipuu?',
      '2',
      'jah',
      'Punane',
      'Punane',
      'Roheline',
    ],
  ],
};

/**
 * A checkpoint CSV to fill in, with headers in `lang` and two example rows: what the import
 * dialog offers to download. It imports as it is (the tests read it back).
 */
export function kpCsvTemplate(lang: CsvHeaderLanguage): string {
  const h = HUMAN_HEADERS[lang];
  const header = [
    ...KP_TEMPLATE_COLUMNS.map((c) => h[c] ?? c),
    `${h.response} 1`,
    `${h.response} 2`,
  ];
  return csvDocument(header, EXAMPLES[lang]);
}
