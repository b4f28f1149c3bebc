import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RouteShorthandOptions,
} from 'fastify';
import { z } from 'zod';
import { contract, contractTags, ERROR_KEYS, operationRoute } from '@rada/core';
import type { AnswerOf, Contract, Parsed, RouteSchemas } from '@rada/core';
import { AppError, issueDetails, validationError } from './errors.ts';

/**
 * Routes registered from their declarations in core's contract (docs/adr/0002-api-contract.md):
 * method, path and Fastify `schema` come from the contract, so the parameters, query and body
 * are validated before the handler runs and the OpenAPI document (http/openapi.ts) says what the
 * route takes and answers.
 */

type Declared = keyof Contract;

/** The request a declared route's handler gets: parameters, query and body as validated. */
export type DeclaredRequest<K extends Declared> = FastifyRequest<{
  Params: Parsed<Contract[K], 'params'>;
  Querystring: Parsed<Contract[K], 'query'>;
  Body: Parsed<Contract[K], 'body'>;
}>;

/**
 * A declared route's handler: it returns the answer (sent with the declared status), or the
 * reply when it sent something else itself (a ready-made body, a redirect).
 */
export type DeclaredHandler<K extends Declared> = (
  req: DeclaredRequest<K>,
  reply: FastifyReply,
) => Promise<AnswerOf<Contract[K]> | FastifyReply> | AnswerOf<Contract[K]> | FastifyReply;

/** The error answer every route may give (`{error, message, details?}`). */
const ErrorBodySchema = z
  .object({
    error: z.enum(ERROR_KEYS).describe('The error key; the web translates it'),
    message: z.string().describe('The English message'),
    details: z
      .array(z.object({ path: z.string(), message: z.string() }))
      .optional()
      .describe('What was wrong with each field (validation errors)'),
  })
  .meta({ id: 'ErrorBody' });

const json = (schema: z.ZodType, description: string, type = 'application/json') => ({
  description,
  content: { [type]: { schema } },
});

/** The key of a declared route's schema that lists its non-JSON body's media types. */
export const BODY_TYPES = 'x-rada-body-types';

/** The success status of a declaration: its own, else 204 without an answer, else 200. */
const statusOf = (d: RouteSchemas) => d.status ?? (d.answer === null ? 204 : 200);

/** Fastify's `schema` of a declared operation. */
function schemaOf(operation: Declared, d: RouteSchemas): FastifySchema {
  const status = statusOf(d);
  const response: Record<number, unknown> = {
    [status]:
      d.answer === null
        ? z.null().describe(status === 302 ? 'Redirected (Location)' : 'Done; no content')
        : json(d.answer, 'Success', d.answerType),
  };
  for (const [code, keys] of Object.entries(d.errors ?? {})) {
    response[Number(code)] = json(ErrorBodySchema, keys.join(', '));
  }
  return {
    operationId: operation,
    summary: d.summary,
    description: [d.description, `**Who:** ${d.access}.`].filter(Boolean).join('\n\n'),
    tags: [contractTags[operation]],
    ...(d.params ? { params: d.params } : {}),
    ...(d.query ? { querystring: d.query } : {}),
    ...(d.body ? { body: d.body } : {}),
    // Read by http/openapi.ts only: Fastify leaves such a body to the route's own parser.
    ...(d.bodyTypes ? { [BODY_TYPES]: d.bodyTypes } : {}),
    response,
  };
}

/**
 * Registers `operation` on `api` from its declaration, with `handler` and route options (body
 * limits, rate limits) that are the server's own concern.
 */
export function declare<K extends Declared>(
  api: FastifyInstance,
  operation: K,
  handler: DeclaredHandler<K>,
  options: RouteShorthandOptions = {},
): void {
  const d: RouteSchemas = contract[operation];
  const { method, path } = operationRoute(operation);
  const status = statusOf(d);
  api.route({
    ...options,
    method,
    url: path,
    schema: schemaOf(operation, d),
    handler: async (req, reply) => {
      const answer = await handler(req as DeclaredRequest<K>, reply);
      if (answer === reply || reply.sent) return reply;
      reply.status(status);
      return status === 204 ? reply.send() : answer;
    },
  });
}

/**
 * Makes `api` validate declared routes with their zod schemas, failing as `parseWith` does (400
 * with the rule's key and every problem in `details`). Answers are written with JSON.stringify,
 * as without a schema; with `checkAnswers` (the tests) each answer is first parsed against its
 * declared schema, and one that does not fit fails the request with the problems listed.
 */
export function useContract(api: FastifyInstance, { checkAnswers = false } = {}): void {
  api.setValidatorCompiler(({ schema }) => (data) => {
    const parsed = (schema as z.ZodType).safeParse(data ?? undefined);
    return parsed.success
      ? { value: parsed.data }
      : { error: validationError(parsed.error.issues) };
  });
  api.setSerializerCompiler(({ schema, method, url, httpStatus }) => {
    if (!checkAnswers) return (data) => JSON.stringify(data);
    return (data) => {
      const parsed = (schema as z.ZodType).safeParse(data);
      if (!parsed.success) {
        throw new AppError(
          'error.internal',
          500,
          issueDetails(parsed.error.issues),
          `The ${httpStatus} answer of ${method} ${url} does not fit its declared schema`,
        );
      }
      return JSON.stringify(data);
    };
  });
}
