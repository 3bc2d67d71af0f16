/*
 * Why this walks WebM by hand: a browser's MediaRecorder writes WebM as a live stream, with no
 * Duration in the segment's Info (it does not know the length when it starts), and
 * music-metadata reads the length only from there, skipping the clusters. The length is then
 * the last block's timestamp. Walking the clusters also finds a file cut short, whose last
 * element claims more bytes than there are.
 */

const SEGMENT = 0x18538067;
const CLUSTER = 0x1f43b675;
const BLOCK_GROUP = 0xa0;
const TIMECODE_SCALE = 0x2ad7b1;
const CLUSTER_TIMECODE = 0xe7;
const SIMPLE_BLOCK = 0xa3;
const BLOCK = 0xa1;
/** Elements whose children are read in place (they may have an unknown size when live). */
const ENTERED = new Set([SEGMENT, CLUSTER, BLOCK_GROUP]);

export class DamagedWebmError extends Error {}

interface Vint {
  value: number;
  length: number;
  unknown: boolean;
}

/** An EBML variable-length integer; `keepMarker` for element ids, which keep their length bit. */
function readVint(bytes: Uint8Array, at: number, keepMarker: boolean): Vint {
  const first = bytes[at];
  if (first === undefined || first === 0) throw new DamagedWebmError('bad element header');
  const length = Math.clz32(first) - 23;
  if (at + length > bytes.length) throw new DamagedWebmError('cut short');
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    const byte = bytes[at + i]!;
    value = value * 256 + byte;
    if (byte !== 0xff) allOnes = false;
  }
  return { value, length, unknown: !keepMarker && allOnes };
}

function readUint(bytes: Uint8Array, at: number, size: number): number {
  let value = 0;
  for (let i = 0; i < size; i++) value = value * 256 + bytes[at + i]!;
  return value;
}

/** The time of the last audio block, in seconds; throws DamagedWebmError for a cut or broken file. */
export function webmLastBlockSeconds(bytes: Uint8Array): number {
  let scale = 1_000_000; // nanoseconds per tick, Matroska's default
  let clusterTime = 0;
  let last = 0;
  let at = 0;
  while (at < bytes.length) {
    const id = readVint(bytes, at, true);
    const size = readVint(bytes, at + id.length, false);
    const data = at + id.length + size.length;
    if (ENTERED.has(id.value)) {
      at = data;
      continue;
    }
    if (size.unknown || data + size.value > bytes.length) throw new DamagedWebmError('cut short');
    if (id.value === TIMECODE_SCALE) scale = readUint(bytes, data, size.value);
    else if (id.value === CLUSTER_TIMECODE) clusterTime = readUint(bytes, data, size.value);
    else if (id.value === SIMPLE_BLOCK || id.value === BLOCK) {
      const track = readVint(bytes, data, false);
      const view = new DataView(bytes.buffer, bytes.byteOffset + data + track.length, 2);
      last = Math.max(last, clusterTime + view.getInt16(0));
    }
    at = data + size.value;
  }
  return (last * scale) / 1e9;
}
