/** Estonian strings of the user picker's limits (features/users). */
export const usersEt: Record<string, string> = {
  'users.limited.search': 'Nimi sinu üritustest või kogu e-posti aadress',
  'users.limited.typemore': 'Sisesta nimi oma üritustest või kogu e-posti aadress',
  'users.limited.none':
    'Sinu üritustest ei leitud kedagi. Sisesta lisatava inimese kogu e-posti aadress.',
  'users.limited.help':
    'Nime järgi leiad ainult oma ürituste inimesi. Teisi leiad nende täieliku e-posti aadressi järgi.',
};
