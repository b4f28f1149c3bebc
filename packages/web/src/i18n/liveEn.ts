/** English strings of this feature (live). */
export const liveEn: Record<string, string> = {};
