import { parentPort } from 'node:worker_threads';
import type { Language, SpeechSpeed } from '@spellwell/shared';
import { renderMp3 } from './espeak-render.js';

export interface SynthRequest {
  id: number;
  word: string;
  language: Language;
  speed?: SpeechSpeed;
}
export type SynthReply = { id: number; audio: Uint8Array } | { id: number; error: string };

// espeak and the MP3 encoder are synchronous WebAssembly and JavaScript, each taking a good
// part of a second: here they block this thread, not the server's event loop.
parentPort!.on('message', async ({ id, word, language, speed }: SynthRequest) => {
  try {
    const audio = new Uint8Array(await renderMp3(word, language, speed));
    parentPort!.postMessage({ id, audio } satisfies SynthReply, [audio.buffer]);
  } catch (err) {
    parentPort!.postMessage({
      id,
      error: err instanceof Error ? err.message : String(err),
    } satisfies SynthReply);
  }
});
