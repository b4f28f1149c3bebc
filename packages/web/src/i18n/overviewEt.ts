import type { overviewEn } from './overviewEn.ts';

// Korraldaja ülevaade ürituse lehel (features/eventPage/OverviewDashboard.tsx).
export const overviewEt: Record<keyof typeof overviewEn, string> = {
  'dash.now': 'Praegu',
  'dash.teams': 'Võistkonnad',
  'dash.teams.count_one': '{{count}} võistkond',
  'dash.teams.count_other': '{{count}} võistkonda',
  'dash.teams.allowed': '{{count}} lubatud osalema',
  'dash.teams.notstarted': 'Startimata',
  'dash.teams.running': 'Rajal',
  'dash.teams.finished': 'Lõpetanud',
  'dash.teams.out': 'Diskvalifitseeritud või katkestanud',
  'dash.teams.none':
    'Võistkondi veel pole. Võistkonnad tulevad registreerimise või liitumiskoodiga, või lisa need ise vahekaardil Võistkonnad.',
  'dash.kps': 'Kontrollpunktid',
  'dash.kps.count_one': '{{count}} KP',
  'dash.kps.count_other': '{{count}} KP-d',
  'dash.kps.ready': 'Valmis',
  'dash.kps.inwork': 'Töös',
  'dash.kps.none':
    'KP-sid veel pole. Lisa need kaardil või impordi fail vahekaardil Kontrollpunktid.',
  'dash.kps.reason.inwork': 'Töös',
  'dash.kps.reason.nolocation': 'Asukohata',
  'dash.kps.reason.noanswer': 'Õige vastus puudub',
  'dash.kps.nr': 'KP {{nr}}',
  'dash.kps.more_one': '…ja veel {{count}} KP: vaata Kontrollpunkte',
  'dash.kps.more_other': '…ja veel {{count}} KP-d: vaata Kontrollpunkte',
  'dash.archive.title': 'Arhiivis',
  'dash.archive.a1':
    'Mis üritusel arhiveerimise ajal oli. Tulemused ja vastused loetakse arhiivist; enne taastamist ei saa midagi muuta.',
  'dash.archive.a2':
    'Üritus on teises arhiivitasemes: tulemused ja vastused loetakse arhiivifailidest.',
  'dash.archive.teams_one': 'võistkond',
  'dash.archive.teams_other': 'võistkonda',
  'dash.archive.checkpoints_one': 'kontrollpunkt',
  'dash.archive.checkpoints_other': 'kontrollpunkti',
  'dash.archive.answers_one': 'võistkonna KP märge',
  'dash.archive.answers_other': 'võistkondade KP märget',
  'dash.archive.registrations_one': 'registreerimine',
  'dash.archive.registrations_other': 'registreerimist',
  'dash.archive.restore.title': 'Taastamine',
  'dash.archive.restore.help':
    'Taastamine toob võistkonnad, vastused, kontrollpunktid ja rajad arhiivist tagasi, nii et üritust saab jälle muuta. Taastada saavad ürituse omanik ja administraatorid, siin või jaotises Seaded → Arhiiv.',
  'dash.archive.restore.final':
    'Teises tasemes üritust ei saa taastada; selle tulemused ja vastused jäävad loetavaks.',
  'dash.marks': 'Märkimisi viimase 10 minutiga',
  'dash.devices': 'Asukohta saatvaid telefone',
  'dash.setup': 'Seadistamine',
  'dash.setup.done': '{{done}}/{{total}} tehtud',
  'dash.issues_one': '{{count}} probleem',
  'dash.issues_other': '{{count}} probleemi',
  'dash.issues.help':
    'Mida server märkas, näiteks punktid telefonilt, mis ei kuulu ühelegi võistkonnale: kontrolli selle liitumiskoodi või võistkonda.',
  'dash.step.times': 'Algus- ja lõpuaeg',
  'dash.step.times.help':
    'Millal üritus algab ja lõpeb: tulemused ja osaleja rakendus lähtuvad neist.',
  'dash.step.kps': 'Kontrollpunktid asukohtade ja vastustega',
  'dash.step.kps.help': 'Iga KP kaardil, mitte töös, ja igal küsimusel õige vastus.',
  'dash.step.kps.left_one': '{{count}} KP vajab tähelepanu',
  'dash.step.kps.left_other': '{{count}} KP-d vajavad tähelepanu',
  'dash.step.scoring': 'Punktiarvestus',
  'dash.step.scoring.help':
    'Punktid väärtusklassi järgi, ajalimiit ja karistused, klassid. Ilma nendeta on KP väärt oma väärtusklassi.',
  'dash.step.access': 'Registreerimine või liitumiskoodid',
  'dash.step.access.help':
    'Kuidas võistkonnad pääsevad: registreerimisvorm, liitumiskoodid või ise lisatud võistkonnad.',
  'dash.step.startlist': 'Stardinimekiri',
  'dash.step.startlist.help':
    'Ühisstart, võistkonnad stardivad ise või igal lubatud võistkonnal on stardiaeg.',
  'dash.step.startlist.left_one': '{{count}} võistkonnal pole stardiaega',
  'dash.step.startlist.left_other': '{{count}} võistkonnal pole stardiaega',
  'dash.step.open': 'Ava',
  'dash.step.donearia': 'Tehtud',
  'dash.step.todoaria': 'Teha',
};
