/** English texts of the checkpoint editor (features/checkpoints). */
export const kpEn: Record<string, string> = {};
