/** English strings of this feature (start). */
export const startEn: Record<string, string> = {};
