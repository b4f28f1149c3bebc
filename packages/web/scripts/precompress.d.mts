/** Writes .br and .gz copies of the compressible files of `dir`; resolves to the files done. */
export function precompress(dir: string): Promise<string[]>;
