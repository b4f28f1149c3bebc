/** English texts of the platform owner's accounting stock tool (features/accounting). */
export const accountingEn: Record<string, string> = {
  'accounting.title': 'Stock accounts',
  'accounting.intro':
    'Balances of the stock accounts (account 1100) in e-arveldaja at the end of the date. Enter targets and book the difference against account 8330.',
  'accounting.date': 'Date',
  'accounting.sync': 'Stock sync',
  'accounting.syncing': 'Reading the books…',
  'accounting.col.account': 'Stock account',
  'accounting.col.balance': 'Balance',
  'accounting.col.target': 'Target',
  'accounting.total': 'Total',
  'accounting.target.bad': 'A sum in euros, like 1250.50',
  'accounting.empty': 'Press Stock sync to read the balances.',
  'accounting.change': 'Change',
  'accounting.confirm.title': 'Book the revaluation?',
  'accounting.confirm.text':
    'A journal entry dated {{date}} moves the stock accounts to their targets; the difference, {{diff}}, goes to account 8330.',
  'accounting.confirm.ok': 'Book',
  'accounting.booked': 'Journal no. {{number}} booked (document {{document}})',
  'accounting.close': 'Close',
};
