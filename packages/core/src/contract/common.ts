import { z } from 'zod';
import { SHORTLINK_MAX_LENGTH } from '../limits.ts';

/** `:id`: an event's id (its short link). */
export const EventParams = z.object({
  id: z.string().min(1).max(SHORTLINK_MAX_LENGTH).describe("The event's id (its short link)"),
});

/** An answer that is a file or binary data, not JSON (with `answerType`). */
export const Bytes = z.string().meta({ format: 'binary', description: 'The bytes' });
