/** Eestikeelsed tekstid platvormi omaniku laoseisu tööriistale (features/accounting). */
export const accountingEt: Record<string, string> = {
  'accounting.title': 'Laokontod',
  'accounting.intro':
    'Laokontode (konto 1100) saldod e-arveldajas kuupäeva lõpu seisuga. Sisesta sihtsummad ja kirjenda vahe kontole 8330.',
  'accounting.date': 'Kuupäev',
  'accounting.sync': 'Laoseisu sünkroonimine',
  'accounting.syncing': 'Loen raamatupidamist…',
  'accounting.col.account': 'Laokonto',
  'accounting.col.balance': 'Saldo',
  'accounting.col.target': 'Siht',
  'accounting.total': 'Kokku',
  'accounting.target.bad': 'Summa eurodes, näiteks 1250,50',
  'accounting.empty': 'Saldode lugemiseks vajuta „Laoseisu sünkroonimine“.',
  'accounting.change': 'Muuda',
  'accounting.confirm.title': 'Kas kirjendada ümberhindlus?',
  'accounting.confirm.text':
    'Kanne kuupäevaga {{date}} viib laokontod sihtsummadeni; vahe, {{diff}}, läheb kontole 8330.',
  'accounting.confirm.ok': 'Kirjenda',
  'accounting.booked': 'Kanne nr {{number}} kirjendatud (dokument {{document}})',
  'accounting.close': 'Sulge',
};
