import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { COMMON_ERRORS } from '@rada/core';
import { BODY_TYPES } from './contract.ts';

/** Where the OpenAPI document and the reference are served. */
export const OPENAPI_PATH = '/api/openapi.json';
export const API_DOCS_PATH = '/api/docs';

/**
 * The OpenAPI 3.1 document of every route the app registers (@fastify/swagger, which must be
 * registered before the routes): declared routes (http/contract.ts) with their schemas, the
 * others with their method and path. Served at /api/openapi.json, with Swagger UI at /api/docs
 * (its scripts load only on that page).
 */
export async function registerOpenApi(app: FastifyInstance, version: string): Promise<void> {
  // Every route registered from here on, as Fastify has it (the tests compare the document).
  const routes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', routes);
  app.addHook('onRoute', (route) => {
    const hidden = route.schema?.hide === true;
    const websocket = (route as { websocket?: boolean }).websocket === true;
    for (const method of [route.method].flat()) {
      routes.push({ method, url: route.url, hidden, websocket });
    }
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Rada API',
        version,
        description:
          'The HTTP API of Rada. Flows, permissions in words and examples: docs/api.md. ' +
          'Errors answer `{error, message, details?}`; the error keys of each operation are ' +
          'listed under its error statuses. Any operation may also answer these, from the ' +
          "server's own layers around it: " +
          Object.entries(COMMON_ERRORS)
            .map(([status, keys]) => `${status} ${keys.join(', ')}`)
            .join('; ') +
          '.',
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'rada_session' },
          bearer: { type: 'http', scheme: 'bearer' },
        },
      },
      security: [{ session: [] }, { bearer: [] }, {}],
    },
    transform: withBodyTypes,
    transformObject: jsonSchemaTransformObject,
  });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, () => app.swagger());
  await app.register(swaggerUi, {
    routePrefix: API_DOCS_PATH,
    // Its own Content-Security-Policy: the page's inline scripts by their hashes.
    staticCSP: true,
    // Not 'upgrade-insecure-requests': a server on a LAN address over plain HTTP would have the
    // page's own scripts asked for over HTTPS; and no swagger.io image (its validator is off).
    // Swagger UI sets a few style attributes from its scripts: inline styles (not scripts) are
    // allowed on this page, which shows no user content.
    transformStaticCSP: (header) =>
      header
        .replace(/\s*upgrade-insecure-requests;?/, '')
        .replace(' validator.swagger.io', '')
        .replace("style-src 'self'", "style-src 'self' 'unsafe-inline'"),
    theme: { title: 'Rada API' },
    uiConfig: { deepLinking: true },
    // No call to swagger.io's online validator from the page.
    validatorUrl: false,
  });
}

/**
 * The zod transform, plus the request body of a declared route whose body is not (only) JSON (a
 * file, binary points; `bodyTypes` in its declaration): bytes of each media type, and the
 * declared body's schema for `application/json` when it has one.
 */
const withBodyTypes: typeof jsonSchemaTransform = (document) => {
  const types = (document.schema as Record<string, unknown> | undefined)?.[BODY_TYPES] as
    readonly string[] | undefined;
  const out = jsonSchemaTransform(document);
  if (!types) return out;
  const schema = { ...(out.schema as Record<string, unknown>) };
  delete schema[BODY_TYPES];
  const bytes = { type: 'string', format: 'binary' };
  const declared = schema.body;
  schema.body = {
    content: Object.fromEntries(
      types.map((type) => [
        type,
        { schema: type === 'application/json' && declared ? declared : bytes },
      ]),
    ),
  };
  return { ...out, schema } as ReturnType<typeof jsonSchemaTransform>;
};

export interface RegisteredRoute {
  method: string;
  url: string;
  /** Left out of the document on purpose (the document itself, the unknown-path answer). */
  hidden: boolean;
  /** A WebSocket (docs/listen.md and docs/api.md describe its messages). */
  websocket: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered after registerOpenApi, with each method apart. */
    registeredRoutes: RegisteredRoute[];
  }
}
