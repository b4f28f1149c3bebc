// `zod` in the web app resolves to this module (vite.config.ts), so the setting below runs before
// any schema is built or parsed, in whichever chunk zod first loads (and zod loads only with the
// pages that parse something). The server's Content-Security-Policy has no 'unsafe-eval'
// (packages/server/src/http/security.ts): zod probes `new Function` once to speed up object
// parsing, and though the probe's failure is caught, the browser still reports a CSP violation.
// Jitless parsing never probes.
import { z } from 'zod/v4';

z.config({ jitless: true });

export * from 'zod/v4';
export { default } from 'zod/v4';
