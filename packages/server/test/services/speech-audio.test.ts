import { describe, expect, it } from 'vitest';
import type { Language } from '@spellwell/shared';
import { synthesizePcm } from '../../src/modules/speech/espeak-render.js';
import { encodeMp3, inspectMp3 } from '../../src/modules/speech/mp3.js';
import { durationSeconds, padStart, parseWav, rms, trimEnd, type Pcm } from '../../src/modules/speech/pcm.js';
import { buildTestApp } from '../helper.js';
import { leadingSilenceSeconds, soundingSeconds } from './speech-helpers.js';

const WORDS: Array<[Language, string]> = [
  ['English', 'necessary'],
  ['Chinese', '我们'],
  ['Malay', 'sekolah'],
  ['Tamil', 'பள்ளி'],
];

function tone(seconds: number, sampleRate = 22050, amplitude = 0.5): Pcm {
  const samples = new Int16Array(Math.round(seconds * sampleRate));
  for (let i = 0; i < samples.length; i++)
    samples[i] = Math.round(amplitude * 32767 * Math.sin((2 * Math.PI * 440 * i) / sampleRate));
  return { samples, sampleRate };
}

describe('espeak-ng speech before encoding (PCM)', () => {
  it.each(WORDS)('%s "%s" is one spoken word: 0.3 to 4 s, clearly not silent', async (language, word) => {
    const pcm = await synthesizePcm(word, language);
    expect(pcm.sampleRate).toBe(22050);
    expect(durationSeconds(pcm)).toBeGreaterThan(0.3);
    expect(durationSeconds(pcm)).toBeLessThan(4);
    expect(rms(pcm)).toBeGreaterThan(0.02);
    // The first 150 ms are the added silence, so players do not clip the first sound.
    const lead = pcm.samples.subarray(0, Math.round(0.15 * pcm.sampleRate));
    expect(lead.every((s) => s === 0)).toBe(true);
    const rest = { samples: pcm.samples.subarray(lead.length), sampleRate: pcm.sampleRate };
    expect(rms(rest)).toBeGreaterThan(0.02);
  });

  it('speaks different words differently (the word reaches espeak, not a constant)', async () => {
    const short = await synthesizePcm('cat', 'English');
    const long = await synthesizePcm('responsibility', 'English');
    expect(durationSeconds(long)).toBeGreaterThan(durationSeconds(short) + 0.2);
  });
});

describe('PCM and MP3 helpers', () => {
  it('parses a 16-bit mono WAV, skipping unknown chunks', () => {
    const data = new Int16Array([0, 1000, -1000, 32767]);
    const wav = Buffer.alloc(12 + 8 + 16 + 8 + 4 + 8 + data.byteLength);
    wav.write('RIFF', 0);
    wav.writeUInt32LE(wav.length - 8, 4);
    wav.write('WAVE', 8);
    wav.write('fmt ', 12);
    wav.writeUInt32LE(16, 16);
    wav.writeUInt16LE(1, 20); // PCM
    wav.writeUInt16LE(1, 22); // mono
    wav.writeUInt32LE(16000, 24);
    wav.writeUInt16LE(16, 34);
    wav.write('LIST', 36);
    wav.writeUInt32LE(4, 40);
    wav.write('data', 48);
    wav.writeUInt32LE(data.byteLength, 52);
    Buffer.from(data.buffer).copy(wav, 56);
    const pcm = parseWav(wav);
    expect(pcm.sampleRate).toBe(16000);
    expect([...pcm.samples]).toEqual([0, 1000, -1000, 32767]);
    expect(() => parseWav(Buffer.from('not audio at all'))).toThrow('not a WAV file');
  });

  it('pads the start with silence and trims a long silent tail', () => {
    const padded = padStart({ samples: new Int16Array([5, 5]), sampleRate: 1000 }, 10);
    expect([...padded.samples]).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5, 5]);
    const tail = { samples: new Int16Array([9000, 9000, ...new Array(1000).fill(0)]), sampleRate: 1000 };
    expect(trimEnd(tail, 100).samples.length).toBe(102);
  });

  it('encodes a one-second tone to MP3 whose frames add up to one second, all sounding', () => {
    const mp3 = encodeMp3(tone(1));
    const info = inspectMp3(mp3);
    expect(info.sampleRate).toBe(22050);
    expect(info.durationSeconds).toBeGreaterThan(0.95);
    expect(info.durationSeconds).toBeLessThan(1.1);
    expect(soundingSeconds(mp3)).toBeGreaterThan(0.9);
  });

  it('tells silence from sound in the MP3 itself', () => {
    const silence = encodeMp3({ samples: new Int16Array(22050), sampleRate: 22050 });
    expect(inspectMp3(silence).durationSeconds).toBeGreaterThan(0.95);
    expect(soundingSeconds(silence)).toBe(0);
    expect(() => inspectMp3(Buffer.from('{"error":"nope"}'))).toThrow('no MP3 frames found');
  });
});

describe('GET /api/words/read returns real MP3 audio in each language', async () => {
  const { createParent } = await buildTestApp();
  const parent = await createParent();

  it.each(WORDS)('%s "%s"', async (language, word) => {
    const query = new URLSearchParams({ word, language });
    const res = await parent.inject({ method: 'GET', url: `/api/words/read?${query}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/mpeg');
    const mp3 = res.rawPayload;
    const info = inspectMp3(mp3);
    expect(info.durationSeconds).toBeGreaterThan(0.3);
    expect(info.durationSeconds).toBeLessThan(4);
    expect(soundingSeconds(mp3)).toBeGreaterThan(0.3);
    expect(leadingSilenceSeconds(mp3)).toBeGreaterThanOrEqual(0.1);
    expect(leadingSilenceSeconds(mp3)).toBeLessThan(0.4);
    expect(mp3.length).toBeLessThan(20_000);
  });
});
