import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

const EXTENSIONS: Record<string, string> = { 'audio/mpeg': 'mp3', 'audio/ogg': 'ogg', 'audio/wav': 'wav' };

/** A map that forgets its least recently used entries once their bytes pass a limit. */
export function createByteLru(maxBytes: number) {
  const entries = new Map<string, Buffer>();
  let bytes = 0;
  return {
    get(key: string): Buffer | undefined {
      const value = entries.get(key);
      if (value) {
        entries.delete(key);
        entries.set(key, value); // most recent last
      }
      return value;
    },
    set(key: string, value: Buffer) {
      if (value.length > maxBytes) return;
      const old = entries.get(key);
      if (old) bytes -= old.length;
      entries.delete(key);
      entries.set(key, value);
      bytes += value.length;
      for (const [oldest, buffer] of entries) {
        if (bytes <= maxBytes) break;
        entries.delete(oldest);
        bytes -= buffer.length;
      }
    },
    get bytes() {
      return bytes;
    },
  };
}

/**
 * Audio by cache key (a hex hash): memory first, then `<dir>/<2 hex>/<key>.<ext>`. Files are
 * written to a temporary name and renamed, so a crash or a concurrent reader never sees half
 * a file. Disk use is about 6 KB a word and is not bounded (a family has hundreds of words).
 */
export function createAudioCache(dir: string, memoryBytes: number) {
  const memory = createByteLru(memoryBytes);
  const fileOf = (key: string, contentType: string) =>
    path.join(dir, key.slice(0, 2), `${key}.${EXTENSIONS[contentType] ?? 'bin'}`);

  return {
    memory,
    async get(key: string, contentType: string): Promise<Buffer | undefined> {
      const hit = memory.get(key);
      if (hit) return hit;
      try {
        const audio = await readFile(fileOf(key, contentType));
        memory.set(key, audio);
        return audio;
      } catch {
        return undefined;
      }
    },
    async set(key: string, contentType: string, audio: Buffer): Promise<void> {
      memory.set(key, audio);
      const file = fileOf(key, contentType);
      const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        // Private like the rest of DATA_DIR (db/storage-at-rest.ts).
        await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
        await writeFile(temp, audio, { mode: 0o600 });
        await rename(temp, file);
      } catch (err) {
        await rm(temp, { force: true });
        throw err;
      }
    },
  };
}

export type AudioCache = ReturnType<typeof createAudioCache>;
