/** English strings of this feature (join). */
export const joinEn: Record<string, string> = {};
