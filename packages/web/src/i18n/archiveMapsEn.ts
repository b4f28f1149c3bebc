// English texts of the map images' lines in an archive job's log (server archive.service.ts):
// loaded with the organiser's screens (organiserEn.ts), as the other archive.log lines.
export const archiveMapsEn = {
  'archive.log.mapwrote': 'Wrote map image {{name}} as {{file}} ({{bytes, number}} bytes)',
  'archive.log.mapmissing': 'Map image {{name}}: its file is missing on the server, not archived',
  'archive.log.mapsback': 'Put back {{maps}} map images from the archive; they are being cut again',
};
