/** Who is making a request. Policies take this, never a raw request. */
export interface Actor {
  uid: string;
  email: string;
  superAdmin: boolean;
  platformOwner: boolean;
  creator: boolean;
  /** How the request signed in: browser session (cookie) or API token; absent outside HTTP. */
  via?: 'browser' | 'token';
}
