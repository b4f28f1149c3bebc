import { z } from 'zod';

// The server's Content-Security-Policy has no 'unsafe-eval' (packages/server/src/http/security.ts).
// Zod probes `new Function` once to speed up object parsing; the probe's failure is caught, but
// the browser still reports a CSP violation. Jitless parsing never probes. Imported first by
// main.tsx, before any schema parses.
z.config({ jitless: true });
