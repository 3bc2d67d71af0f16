import { describe, expect, it } from 'vitest';
import { detectThenRead } from '../../src/modules/ocr/detect-then-read.js';
import type { ReadStrips } from '../../src/modules/ocr/pipeline/read-lines.js';
import type { Strip } from '../../src/modules/ocr/pipeline/line-strips.js';

const strip = (tag: number) => ({ tag }) as unknown as Strip;
const tagOf = (s: Strip) => (s as unknown as { tag: number }).tag;

describe("finding every input's lines before reading any", () => {
  it('runs each finder, then reads the held strips in order, and answers as reading each in turn', async () => {
    const events: string[] = [];
    const find = async (input: number, read: ReadStrips) => {
      events.push(`find ${input}`);
      const readings = await read([strip(input), strip(input * 10)]);
      events.push(`after reading ${input}`);
      return readings.map((r) => r?.text);
    };
    const result = await detectThenRead([1, 2] as const, find, async (readHeld) => {
      events.push('worker starts');
      await readHeld(async (strips) => {
        events.push(`read ${strips.map(tagOf).join(',')}`);
        return strips.map((s) => ({ text: `t${tagOf(s)}`, confidence: 90, least: 90 }));
      });
    });
    expect(result).toEqual([
      ['t1', 't10'],
      ['t2', 't20'],
    ]);
    expect(events.slice(0, 4)).toEqual(['find 1', 'find 2', 'worker starts', 'read 1,10']);
    expect(events.indexOf('read 2,20')).toBeGreaterThan(events.indexOf('read 1,10'));
  });

  it("fails with the reader's error, and with a finder's error before anything is read", async () => {
    const find = (input: number, read: ReadStrips) => read([strip(input)]);
    const stopped = new Error('OCR job was abandoned');
    await expect(detectThenRead([1, 2] as const, find, () => Promise.reject(stopped))).rejects.toBe(stopped);
    let reads = 0;
    const broken = async (input: number, read: ReadStrips) => {
      if (input === 2) throw new Error('detector failed');
      return read([strip(input)]);
    };
    await expect(
      detectThenRead([1, 2] as const, broken, async () => {
        reads++;
      }),
    ).rejects.toThrow('detector failed');
    expect(reads).toBe(0);
  });
});
