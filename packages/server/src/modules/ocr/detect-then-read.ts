import type { ReadStrips } from './pipeline/read-lines.js';

/** A line reader that finds its strips first, then has `read` read them (readDetectedLines). */
type FindAndRead<In, Out> = (input: In, read: ReadStrips) => Promise<Out>;

/**
 * `findAndRead` on each input in turn, every input's finding (the detector) done before any
 * strip is read: the strips are held and read only then, in order, by `readAll`'s reader.
 * Tamil's lines are read by Tesseract; this way the detector never runs beside Tesseract's
 * worker and its heap, the scan's largest peak (docs/history/ocr-memory-round.md). The
 * results are those of finding and reading each input in turn.
 */
export async function detectThenRead<const Inputs extends readonly unknown[], Out>(
  inputs: Inputs,
  findAndRead: FindAndRead<Inputs[number], Out>,
  readAll: (readHeld: (read: ReadStrips) => Promise<void>) => Promise<void>,
): Promise<{ [K in keyof Inputs]: Out }> {
  const held: {
    strips: Parameters<ReadStrips>[0];
    done: (readings: Awaited<ReturnType<ReadStrips>>) => void;
    fail: (err: unknown) => void;
  }[] = [];
  const results: Promise<Out>[] = [];
  for (const input of inputs) {
    let found!: () => void;
    const reached = new Promise<void>((resolve) => (found = resolve));
    const result = findAndRead(
      input,
      (strips) =>
        new Promise((done, fail) => {
          held.push({ strips, done, fail });
          found();
        }),
    );
    results.push(result);
    result.catch(() => {}); // its failure is thrown below, by Promise.all or by the race
    // A finder that fails, or returns without reading, is not waited for.
    await Promise.race([reached, result]);
  }
  try {
    await readAll(async (read) => {
      for (const { strips, done } of held) done(await read(strips));
    });
  } catch (err) {
    for (const { fail } of held) fail(err);
    throw err;
  }
  return (await Promise.all(results)) as { [K in keyof Inputs]: Out };
}
