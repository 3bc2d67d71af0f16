/** 16-bit mono PCM as produced by eSpeak NG, with the helpers the pipeline and its tests need. */
export interface Pcm {
  samples: Int16Array;
  sampleRate: number;
}

/**
 * Reads a 16-bit PCM WAV by walking its chunks rather than assuming a 44-byte header, so a
 * future espeak build that adds a LIST chunk still works.
 */
export function parseWav(bytes: Uint8Array): Pcm {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tag = (at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));
  if (bytes.byteLength < 12 || tag(0) !== 'RIFF' || tag(8) !== 'WAVE') throw new Error('not a WAV file');
  let sampleRate = 0;
  let channels = 0;
  let bits = 0;
  for (let at = 12; at + 8 <= bytes.byteLength;) {
    const id = tag(at);
    const size = view.getUint32(at + 4, true);
    const body = at + 8;
    if (id === 'fmt ') {
      channels = view.getUint16(body + 2, true);
      sampleRate = view.getUint32(body + 4, true);
      bits = view.getUint16(body + 14, true);
    } else if (id === 'data') {
      if (channels !== 1 || bits !== 16)
        throw new Error(`unsupported WAV: ${channels} channels, ${bits} bits`);
      // Streaming writers may leave a placeholder size: trust the bytes that are there.
      const end = Math.min(body + size, bytes.byteLength);
      const copy = bytes.slice(body, end - ((end - body) % 2));
      return { samples: new Int16Array(copy.buffer, copy.byteOffset, copy.byteLength / 2), sampleRate };
    }
    at = body + size + (size % 2);
  }
  throw new Error('WAV has no data chunk');
}

/** Silence in front, because some players (and Bluetooth speakers) swallow the first sound. */
export function padStart(pcm: Pcm, milliseconds: number): Pcm {
  const pad = Math.round((pcm.sampleRate * milliseconds) / 1000);
  const samples = new Int16Array(pad + pcm.samples.length);
  samples.set(pcm.samples, pad);
  return { samples, sampleRate: pcm.sampleRate };
}

export function durationSeconds(pcm: Pcm): number {
  return pcm.samples.length / pcm.sampleRate;
}

/** Root mean square on a 0..1 scale: about 0 for silence, 0.05 to 0.3 for speech. */
export function rms(pcm: Pcm): number {
  if (pcm.samples.length === 0) return 0;
  let sum = 0;
  for (const s of pcm.samples) sum += (s / 32768) ** 2;
  return Math.sqrt(sum / pcm.samples.length);
}

/** espeak ends each word with about half a second of silence: keep only a short tail. */
export function trimEnd(pcm: Pcm, keepMilliseconds: number, threshold = 0.01): Pcm {
  const limit = threshold * 32768;
  let last = pcm.samples.length - 1;
  while (last >= 0 && Math.abs(pcm.samples[last]!) <= limit) last -= 1;
  const end = Math.min(pcm.samples.length, last + 1 + Math.round((pcm.sampleRate * keepMilliseconds) / 1000));
  return { samples: pcm.samples.slice(0, end), sampleRate: pcm.sampleRate };
}
