import type { z } from 'zod';
import type { ErrorKey } from '../errors.ts';
import type { Operation } from './operations.ts';

/**
 * The statuses a declared operation may answer with success; 302 is a redirect (its answer null,
 * the handler sends it with `reply.redirect`).
 */
export type SuccessStatus = 200 | 201 | 202 | 204 | 302;
/** The error statuses a declaration names its keys under. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 502 | 503;

/**
 * The declaration of one operation beside its method and path (operations.ts): what the server
 * validates before its handler runs, what the web client sends and gets, and what the OpenAPI
 * document says (docs/adr/0002-api-contract.md).
 */
export interface RouteSchemas {
  /** One line for the reference. */
  summary: string;
  /** More, when a line is not enough (Markdown). */
  description?: string;
  /** Who may call it, in words (the server enforces it; docs/api.md says more). */
  access: string;
  /** Path parameters: an object with a property for each `:name` of the path. */
  params?: z.ZodObject;
  /** The query string's parameters. */
  query?: z.ZodObject;
  /** The JSON body. */
  body?: z.ZodType;
  /**
   * The body's media types when it is not (only) JSON (a file, binary track points, GPX text):
   * the route's own content-type parser reads it and the handler checks it. The reference shows
   * each type as bytes, but `application/json` as `body` when that is declared too.
   */
  bodyTypes?: readonly string[];
  /** The answer's JSON; null for none (204). */
  answer: z.ZodType | null;
  /**
   * The answer's media type when it is not JSON (a GPX file, an image, binary points): `answer`
   * then describes its bytes (`Bytes`), which the handler sends as they are.
   */
  answerType?: string;
  /** The success status: 200 unless said (204 when the answer is null). */
  status?: SuccessStatus;
  /** The error keys it may answer with, by status (every answer may also be 500 error.internal). */
  errors?: Partial<Record<ErrorStatus, readonly ErrorKey[]>>;
}

/** The declarations of a resource's operations. */
export type Declarations<K extends Operation = Operation> = { readonly [Op in K]: RouteSchemas };

type Schema<D, F extends keyof RouteSchemas> =
  D extends Record<F, infer S extends z.ZodType> ? S : undefined;
/** What the server gets after validation (defaults applied, strings coerced). */
export type Parsed<D, F extends 'params' | 'query' | 'body'> =
  Schema<D, F> extends z.ZodType ? z.output<Schema<D, F>> : undefined;
/** What a client may send (before defaults). */
export type Sent<D, F extends 'params' | 'query' | 'body'> =
  Schema<D, F> extends z.ZodType ? z.input<Schema<D, F>> : undefined;
/** The answer as the server builds it and the client reads it. */
export type AnswerOf<D> = D extends { answer: infer A extends z.ZodType } ? z.output<A> : void;

/** The 401 (signed out) and 403 (not allowed) of an operation only some callers may make. */
export const CALLER_ERRORS = {
  401: ['error.unauthorized'],
  403: ['error.forbidden'],
} as const satisfies RouteSchemas['errors'];

/**
 * The 401/403/404 an event admin's operation answers to others and for an unknown event (and
 * any operation on one thing, a device or a job, that only some callers may make).
 */
export const EVENT_ADMIN_ERRORS = {
  ...CALLER_ERRORS,
  404: ['error.notfound'],
} as const satisfies RouteSchemas['errors'];

/**
 * The errors any operation may answer besides its declared ones: what the server's own layers
 * say before or around the route (a body too large, deep or with bad text, a write from another
 * site, an expired token, a rate limit, a failure).
 */
export const COMMON_ERRORS = {
  400: ['error.validation', 'error.toodeep', 'error.badtext'],
  401: ['error.expired'],
  403: ['error.badorigin'],
  413: ['error.toolarge'],
  415: ['error.mediatype'],
  429: ['error.toomany'],
  500: ['error.internal'],
} as const satisfies Partial<Record<ErrorStatus | 500, readonly ErrorKey[]>>;
