/** English strings of this feature (speed). */
export const speedEn: Record<string, string> = {};
