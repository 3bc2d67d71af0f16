import { Mp3Encoder } from '@breezystack/lamejs';
import type { Pcm } from './pcm.js';

/** Mono speech needs little: 48 kbps at 22 kHz is clear and about 6 KB a word. */
export const MP3_KBPS = 48;
const BLOCK = 1152;

export function encodeMp3(pcm: Pcm, kbps = MP3_KBPS): Buffer {
  const encoder = new Mp3Encoder(1, pcm.sampleRate, kbps);
  const parts: Uint8Array[] = [];
  for (let i = 0; i < pcm.samples.length; i += BLOCK) {
    parts.push(bytesOf(encoder.encodeBuffer(pcm.samples.subarray(i, i + BLOCK))));
  }
  parts.push(bytesOf(encoder.flush()));
  return Buffer.concat(parts);
}

// lamejs hands back Int8Arrays despite its types; Buffer.concat wants bytes.
function bytesOf(chunk: ArrayBufferView): Uint8Array {
  return new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength);
}

export interface Mp3Info {
  frames: number;
  sampleRate: number;
  durationSeconds: number;
  /**
   * Bits of coded audio per granule (576 samples), read from each frame's side information.
   * Silence codes to almost nothing and speech to hundreds of bits, so this measures the
   * signal without decoding it.
   */
  granuleBits: number[];
  granuleSeconds: number;
}

const BITRATES_V1 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const BITRATES_V2 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const RATES: Record<number, number[]> = {
  3: [44100, 48000, 32000],
  2: [22050, 24000, 16000],
  0: [11025, 12000, 8000],
};

/** Walks the MPEG-1/2/2.5 Layer III frames of an MP3; throws if there are none. */
export function inspectMp3(bytes: Uint8Array): Mp3Info {
  let at = skipId3(bytes);
  let frames = 0;
  let samples = 0;
  let sampleRate = 0;
  const granuleBits: number[] = [];
  while (at + 4 <= bytes.length) {
    const h = ((bytes[at]! << 24) | (bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!) >>> 0;
    const version = (h >>> 19) & 3; // 3: MPEG-1, 2: MPEG-2, 0: MPEG-2.5
    const layer = (h >>> 17) & 3; // 1: Layer III
    const bitrateIndex = (h >>> 12) & 15;
    const rateIndex = (h >>> 10) & 3;
    if (
      h >>> 21 !== 0x7ff ||
      version === 1 ||
      layer !== 1 ||
      bitrateIndex === 0 ||
      bitrateIndex === 15 ||
      rateIndex === 3
    ) {
      if (frames > 0) break; // trailing tag or junk after the audio
      at += 1;
      continue;
    }
    const mpeg1 = version === 3;
    const rate = RATES[version]![rateIndex]!;
    const kbps = (mpeg1 ? BITRATES_V1 : BITRATES_V2)[bitrateIndex]!;
    const length = Math.floor(((mpeg1 ? 144 : 72) * kbps * 1000) / rate) + ((h >>> 9) & 1);
    const mono = ((h >>> 6) & 3) === 3;
    const side = new BitReader(bytes, at + 4 + (((h >>> 16) & 1) === 0 ? 2 : 0));
    side.skip(mpeg1 ? 9 : 8).skip(mpeg1 ? (mono ? 5 : 3) : mono ? 1 : 2);
    const channels = mono ? 1 : 2;
    if (mpeg1) side.skip(4 * channels);
    for (let g = 0; g < (mpeg1 ? 2 : 1); g++) {
      let bits = 0;
      for (let c = 0; c < channels; c++) {
        bits += side.read(12);
        side.skip(mpeg1 ? 47 : 51);
      }
      granuleBits.push(bits);
    }
    frames += 1;
    samples += mpeg1 ? 1152 : 576;
    sampleRate = rate;
    at += length;
  }
  if (frames === 0) throw new Error('no MP3 frames found');
  return {
    frames,
    sampleRate,
    durationSeconds: samples / sampleRate,
    granuleBits,
    granuleSeconds: 576 / sampleRate,
  };
}

function skipId3(bytes: Uint8Array): number {
  if (bytes.length < 10 || bytes[0] !== 0x49 || bytes[1] !== 0x44 || bytes[2] !== 0x33) return 0;
  const size =
    ((bytes[6]! & 0x7f) << 21) | ((bytes[7]! & 0x7f) << 14) | ((bytes[8]! & 0x7f) << 7) | (bytes[9]! & 0x7f);
  return 10 + size;
}

class BitReader {
  private bit = 0;
  constructor(
    private readonly bytes: Uint8Array,
    private readonly start: number,
  ) {}
  skip(n: number): this {
    this.bit += n;
    return this;
  }
  read(n: number): number {
    let value = 0;
    for (let i = 0; i < n; i++, this.bit++) {
      const byte = this.bytes[this.start + (this.bit >> 3)] ?? 0;
      value = (value << 1) | ((byte >> (7 - (this.bit & 7))) & 1);
    }
    return value;
  }
}
