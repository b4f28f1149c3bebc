/**
 * What the "Add map image" dialog makes of the files picked together: a KMZ, a KML (with the
 * image it names, when picked too), or one image with or without its world file. Pure: the
 * dialog reads the files' texts and uploads; this only sorts them by their names.
 */

/** A picked file as far as sorting goes (a File is one). */
export interface PickedFile {
  name: string;
  type: string;
  size: number;
}

/** What to do with the picked files. */
export type AddPlan<F extends PickedFile = PickedFile> =
  /** A KMZ (zip with doc.kml and the image): uploaded as it is, the server reads the placement. */
  | { kind: 'kmz'; file: F }
  /** A KML and the image it places: the placement is read here, the image uploaded. */
  | { kind: 'kml'; kml: F; image: F }
  /** An image (a GeoTIFF's placement is read by the server) with its world file, or without. */
  | { kind: 'image'; image: F; worldFile: F | null };

/** Why the picked files cannot be added, as an i18n key. */
export type PickProblem =
  | 'mapimages.pick.none'
  | 'mapimages.pick.kmlalone'
  | 'mapimages.pick.several'
  | 'mapimages.pick.worldonly'
  | 'mapimages.pick.unknown';

const IMAGE_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  tif: 'image/tiff',
  tiff: 'image/tiff',
};
const KMZ_TYPE = 'application/vnd.google-earth.kmz';
const KML_TYPE = 'application/vnd.google-earth.kml+xml';
/** World file endings: the three-letter ones (.jgw, .pgw, .gfw, .tfw), the long ones (.jpgw,
 *  .pngw, .tifw, .gifw, .webpw) and .wld. */
const WORLD_FILE = /^(jgw|jpgw|jpegw|pgw|pngw|gfw|gifw|tfw|tifw|tiffw|wpw|webpw|wld)$/;

/** A file name's ending, lower case, without the dot ('' when none). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 || dot === name.length - 1 ? '' : name.slice(dot + 1).toLowerCase();
}

/** A file name without its ending, as the map's default name (at most 200 characters). */
export function baseNameOf(name: string): string {
  const dot = name.lastIndexOf('.');
  const base = (dot > 0 ? name.slice(0, dot) : name).trim();
  return (base || name.trim()).slice(0, 200);
}

const isImage = (f: PickedFile) =>
  extensionOf(f.name) in IMAGE_TYPES || /^image\/(jpeg|png|gif|webp|tiff)$/.test(f.type);
const isWorldFile = (f: PickedFile) => WORLD_FILE.test(extensionOf(f.name));
const isKmz = (f: PickedFile) => extensionOf(f.name) === 'kmz' || f.type === KMZ_TYPE;
const isKml = (f: PickedFile) => extensionOf(f.name) === 'kml' || f.type === KML_TYPE;

/** The content type an upload of `f` is sent with: by its name first (browsers often give
 *  KMZ and TIFF no type), else the browser's, else octet-stream (the server sniffs the bytes). */
export function contentTypeOf(f: PickedFile): string {
  const ext = extensionOf(f.name);
  if (ext in IMAGE_TYPES) return IMAGE_TYPES[ext]!;
  if (ext === 'kmz') return KMZ_TYPE;
  if (ext === 'kml') return KML_TYPE;
  return f.type || 'application/octet-stream';
}

/**
 * Sorts the picked files into one plan, or says why not: nothing usable, more than one map, a
 * world file without its image, a KML without the image it names, or a file Rada does not read.
 * An image picked with a KML is the KML's image.
 */
export function planOf<F extends PickedFile>(files: readonly F[]): AddPlan<F> | PickProblem {
  if (files.length === 0) return 'mapimages.pick.none';
  const kmz = files.filter(isKmz);
  const kml = files.filter((f) => !isKmz(f) && isKml(f));
  const images = files.filter((f) => !isKmz(f) && !isKml(f) && isImage(f));
  const worlds = files.filter((f) => !isImage(f) && isWorldFile(f));
  const other = files.length - kmz.length - kml.length - images.length - worlds.length;
  if (other > 0) return 'mapimages.pick.unknown';
  if (kmz.length + kml.length > 1) return 'mapimages.pick.several';
  if (kmz.length === 1) {
    return images.length + worlds.length > 0
      ? 'mapimages.pick.several'
      : { kind: 'kmz', file: kmz[0]! };
  }
  if (images.length > 1 || worlds.length > 1) return 'mapimages.pick.several';
  if (kml.length === 1) {
    if (worlds.length > 0) return 'mapimages.pick.several';
    // A KML only names its image; the server cannot fetch it.
    return images[0] ? { kind: 'kml', kml: kml[0]!, image: images[0] } : 'mapimages.pick.kmlalone';
  }
  if (images.length === 0)
    return worlds.length > 0 ? 'mapimages.pick.worldonly' : 'mapimages.pick.none';
  return { kind: 'image', image: images[0]!, worldFile: worlds[0] ?? null };
}

/** What the file input offers (the dialog takes several files picked together). */
export const ACCEPTED_FILES = [
  '.kmz',
  '.kml',
  ...Object.keys(IMAGE_TYPES).map((e) => `.${e}`),
  '.jgw',
  '.jpgw',
  '.pgw',
  '.pngw',
  '.gfw',
  '.tfw',
  '.tifw',
  '.wld',
].join(',');
