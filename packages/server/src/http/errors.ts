import { ERROR_MESSAGES } from '@rada/core';
import type { ErrorBody, ErrorKey } from '@rada/core';
import type { z } from 'zod';

/** An error that answers `{error, message}` with `status`. Services throw these. */
export class AppError extends Error {
  constructor(
    readonly key: ErrorKey,
    readonly status: number,
    readonly details?: ErrorBody['details'],
    message?: string,
  ) {
    super(message ?? ERROR_MESSAGES[key]);
  }

  toBody(): ErrorBody {
    return {
      error: this.key,
      message: this.message,
      ...(this.details ? { details: this.details } : {}),
    };
  }
}

export const notFound = () => new AppError('error.notfound', 404);
export const forbidden = () => new AppError('error.forbidden', 403);
export const unauthorized = () => new AppError('error.unauthorized', 401);

/**
 * The key of a 400 for schema `issues`: the first error key a core schema named for its rule
 * (a refinement's `params.key`, such as kp.error.badnumber), else error.validation.
 */
export function validationKey(issues: readonly z.core.$ZodIssue[]): ErrorKey {
  for (const issue of issues) {
    const key: unknown = issue.code === 'custom' ? issue.params?.key : undefined;
    if (typeof key === 'string' && key in ERROR_MESSAGES) return key as ErrorKey;
  }
  return 'error.validation';
}

/** Each schema problem as `details` has it: the field's path and what was wrong. */
export const issueDetails = (issues: readonly z.core.$ZodIssue[]): ErrorBody['details'] =>
  issues.map((i) => ({ path: i.path.join('.'), message: i.message }));

/** The 400 of a value `issues` refused: the rule's key (validationKey) and every problem. */
export const validationError = (issues: readonly z.core.$ZodIssue[]): AppError =>
  new AppError(validationKey(issues), 400, issueDetails(issues));

/** Validates `value` with `schema` or throws a 400 (validationKey) listing every problem. */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw validationError(parsed.error.issues);
  return parsed.data;
}
