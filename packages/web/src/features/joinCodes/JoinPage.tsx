/** `/:evid/join/:code` and `/:evid/join`: placeholder until the join page is built. */
export function JoinPage() {
  return null;
}
