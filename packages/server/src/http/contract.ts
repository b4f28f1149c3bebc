import type {
  onSendAsyncHookHandler,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RouteShorthandOptions,
} from 'fastify';
import { z } from 'zod';
import { COMMON_ERRORS, contract, contractTags, ERROR_KEYS, operationRoute } from '@rada/core';
import type { AnswerOf, Contract, ErrorStatus, Parsed, RouteSchemas } from '@rada/core';
import { AppError, issueDetails, validationError } from './errors.ts';

/**
 * Routes registered from their declarations in core's contract (docs/adr/0002-api-contract.md):
 * method, path and Fastify `schema` come from the contract, so the parameters, query and body
 * are validated before the handler runs and the OpenAPI document (http/openapi.ts) says what the
 * route takes and answers.
 */

type Declared = keyof Contract;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The declared operation a route serves (`declare`). */
    operation?: Declared;
  }
}

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
    config: { ...options.config, operation },
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
 * as without a schema. With `checkAnswers` (the tests) each answer is first parsed against its
 * declared schema, and one that does not fit fails the request with the problems listed; an
 * error answer whose key its declaration does not list (nor COMMON_ERRORS) fails it too.
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
  if (checkAnswers) api.addHook('onSend', undeclaredErrorCheck);
}

/** The error key of an error answer's JSON text, if it is one. */
function errorKeyOf(payload: unknown): string | undefined {
  if (typeof payload !== 'string') return undefined;
  try {
    const body = JSON.parse(payload) as { error?: unknown };
    return typeof body.error === 'string' ? body.error : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Turns an error answer of a declared route into a 500 when its status and key are neither in
 * the route's declaration nor in COMMON_ERRORS: the reference must list what a route answers.
 */
const undeclaredErrorCheck: onSendAsyncHookHandler = async (req, reply, payload) => {
  const operation = req.routeOptions.config.operation;
  const status = reply.statusCode;
  const key = errorKeyOf(payload);
  if (!operation || status < 400 || key === undefined) return payload;
  const declared = (contract[operation] as RouteSchemas).errors ?? {};
  const listed = [
    ...(declared[status as ErrorStatus] ?? []),
    ...(COMMON_ERRORS[status as keyof typeof COMMON_ERRORS] ?? []),
  ] as readonly string[];
  if (listed.includes(key)) return payload;
  reply.status(500);
  const message = `The ${status} ${key} of ${operation} is not among its declared errors`;
  return JSON.stringify(new AppError('error.internal', 500, undefined, message).toBody());
};
