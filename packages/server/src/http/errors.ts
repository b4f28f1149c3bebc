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

/** Validates `value` with `schema` or throws a 400 listing every problem. */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    throw new AppError(
      'error.validation',
      400,
      parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
    );
  }
  return parsed.data;
}
