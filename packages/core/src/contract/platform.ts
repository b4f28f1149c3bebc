import { z } from 'zod';
import type { PublicConfig } from '../api.ts';
import type { Declarations } from './route.ts';

const PublicConfigSchema = z
  .object({
    providers: z.array(z.string()).describe("Sign-in providers; 'password' is email and password"),
    signupOpen: z.boolean(),
    emailLinks: z.boolean().describe('Sign-in links and password reset by email are offered'),
    phone: z.boolean().describe('Sign-in with a code by SMS is offered'),
    version: z.string(),
    mapKeys: z
      .object({ google: z.string().nullable(), bing: z.string().nullable() })
      .describe('Keys of the commercial map layers; null hides the layer'),
    oidc: z.array(z.object({ id: z.string(), label: z.string(), icon: z.string().nullable() })),
    oneTap: z
      .object({ provider: z.string(), clientId: z.string() })
      .nullable()
      .describe('Google One Tap, or null when off'),
    tools: z
      .object({ accounting: z.boolean(), secondTier: z.boolean() })
      .describe('The optional tools this server is set up for'),
  })
  .meta({ id: 'PublicConfig' }) satisfies z.ZodType<PublicConfig>;

const Up = z.enum(['ok', 'down']);
const ANYONE = 'Anyone';

/** The platform: public configuration, health and readiness. */
export const platformContract = {
  config: {
    summary: 'What the web needs before sign-in: providers, map keys, version, tools',
    access: ANYONE,
    answer: PublicConfigSchema,
  },
  health: {
    summary: 'The liveness check: the process answers',
    access: ANYONE,
    answer: z.object({ ok: z.literal(true) }),
  },
  ready: {
    summary: 'The readiness check: the database and the bus answer, and the server is not stopping',
    description:
      'Not cached. The 503 answer carries the same `checks` beside `error` and `message`; a ' +
      'balancer takes the server out while it fails (docs/deploy.md).',
    access: ANYONE,
    answer: z.object({
      ok: z.literal(true),
      checks: z.object({
        database: Up,
        bus: Up.describe('Whether the realtime bus reaches the other servers'),
        draining: z.boolean().describe('Whether the server is shutting down'),
      }),
    }),
    errors: { 503: ['error.notready'] },
  },
} as const satisfies Declarations<'config' | 'health' | 'ready'>;
