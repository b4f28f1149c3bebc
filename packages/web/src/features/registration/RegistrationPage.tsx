/** `/:evid/reg`: placeholder until the registration page is built. */
export function RegistrationPage() {
  return null;
}
