/** English strings of this feature (msg). */
export const msgEn: Record<string, string> = {};
