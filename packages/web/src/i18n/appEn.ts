/** English strings of this feature (app). */
export const appEn: Record<string, string> = {};
