/** Estonian strings of this feature (reg). */
export const regEt: Record<string, string> = {};
