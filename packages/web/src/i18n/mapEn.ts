/** English texts of the map, deleted KPs and printing (features/map, deletedKps, printing). */
export const mapEn: Record<string, string> = {};
