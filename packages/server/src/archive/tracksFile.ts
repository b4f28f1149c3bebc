import type { Database } from '../db/schema.ts';

type Chunk = Database['track_chunks'];

/** What tracks.dat (and the doctracks index) says of a chunk besides its points. */
export const chunkHead = (c: Chunk) => ({
  id: c.id,
  team: c.team_id,
  device: c.device_id,
  from: c.t_from,
  to: c.t_to,
  points: c.points,
});

/** tracks.dat starts with these 8 bytes: the format and its version. */
const MAGIC = 'RADATRK1';

/**
 * tracks.dat: every stored track chunk of an event (all teams, all devices) in the binary codec
 * as stored: after the magic, per chunk a 4-byte length and a JSON head (id, team, device, from,
 * to, points), then a 4-byte length and the codec's bytes. Read back, the chunks are the same
 * rows, byte for byte.
 */
export function encodeTracksFile(chunks: readonly Chunk[]): Uint8Array {
  const parts: Buffer[] = [Buffer.from(MAGIC, 'latin1')];
  const length = (n: number) => {
    const b = Buffer.alloc(4);
    b.writeUInt32BE(n);
    return b;
  };
  for (const c of chunks) {
    const head = Buffer.from(JSON.stringify(chunkHead(c)));
    const data = Buffer.from(c.data, 'base64');
    parts.push(length(head.length), head, length(data.length), data);
  }
  return new Uint8Array(Buffer.concat(parts));
}

/** The chunks of a tracks.dat for event `eventId`; throws on a file that is not one. */
export function decodeTracksFile(bytes: Uint8Array, eventId: string): Chunk[] {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buf.subarray(0, MAGIC.length).toString('latin1') !== MAGIC) {
    throw new Error('tracks.dat: not a Rada tracks file');
  }
  const chunks: Chunk[] = [];
  let at = MAGIC.length;
  const take = () => {
    if (at + 4 > buf.length) throw new Error('tracks.dat: cut short');
    const n = buf.readUInt32BE(at);
    if (at + 4 + n > buf.length) throw new Error('tracks.dat: cut short');
    const part = buf.subarray(at + 4, at + 4 + n);
    at += 4 + n;
    return part;
  };
  while (at < buf.length) {
    const head = JSON.parse(take().toString()) as {
      id: string;
      team: string;
      device: string | null;
      from: number;
      to: number;
      points: number;
    };
    chunks.push({
      id: head.id,
      event_id: eventId,
      team_id: head.team,
      device_id: head.device,
      t_from: head.from,
      t_to: head.to,
      points: head.points,
      data: take().toString('base64'),
    });
  }
  return chunks;
}
