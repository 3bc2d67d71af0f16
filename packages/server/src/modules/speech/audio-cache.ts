import { randomBytes } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
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
    delete(key: string) {
      const value = entries.get(key);
      if (!value) return;
      entries.delete(key);
      bytes -= value.length;
    },
    get bytes() {
      return bytes;
    },
  };
}

interface DiskEntry {
  file: string;
  size: number;
}

/** Files already in `dir` by cache key, oldest first (by modification time). */
function scanDisk(dir: string): Map<string, DiskEntry> {
  const found: { file: string; size: number; mtime: number }[] = [];
  // No cache yet, or a stray file where a folder was expected: nothing there.
  const list = (folder: string): string[] => {
    try {
      return readdirSync(folder);
    } catch {
      return [];
    }
  };
  for (const shard of list(dir)) {
    const names = list(path.join(dir, shard));
    for (const name of names) {
      const file = path.join(dir, shard, name);
      try {
        const stat = statSync(file);
        if (stat.isFile()) found.push({ file, size: stat.size, mtime: stat.mtimeMs });
      } catch {
        // removed meanwhile
      }
    }
  }
  found.sort((a, b) => a.mtime - b.mtime);
  return new Map(found.map(({ file, size }) => [path.basename(file).split('.')[0]!, { file, size }]));
}

/**
 * Audio by cache key (a hex hash): memory first, then `<dir>/<2 hex>/<key>.<ext>`. Files are
 * written to a temporary name and renamed, so a crash or a concurrent reader never sees half
 * a file. The files take at most `diskBytes`: past it the least recently used are deleted
 * (found at start by modification time, then tracked as they are used).
 */
export function createAudioCache(dir: string, memoryBytes: number, diskBytes = Number.POSITIVE_INFINITY) {
  const memory = createByteLru(memoryBytes);
  const fileOf = (key: string, contentType: string) =>
    path.join(dir, key.slice(0, 2), `${key}.${EXTENSIONS[contentType] ?? 'bin'}`);
  // Key → file and bytes, least recently used first.
  const onDisk = scanDisk(dir);
  let diskUsed = 0;
  for (const { size } of onDisk.values()) diskUsed += size;

  const forget = (key: string) => {
    const entry = onDisk.get(key);
    if (!entry) return undefined;
    onDisk.delete(key);
    diskUsed -= entry.size;
    return entry;
  };
  const used = (key: string, entry: DiskEntry) => {
    forget(key);
    onDisk.set(key, entry);
    diskUsed += entry.size;
  };
  const evict = async () => {
    const doomed: string[] = [];
    for (const [key, { file }] of onDisk) {
      if (diskUsed <= diskBytes) break;
      forget(key);
      doomed.push(file);
    }
    await Promise.all(doomed.map((file) => rm(file, { force: true })));
  };

  return {
    memory,
    /** Bytes of audio files on disk now. */
    get diskBytes() {
      return diskUsed;
    },
    fileOf,
    async get(key: string, contentType: string): Promise<Buffer | undefined> {
      const hit = memory.get(key);
      if (hit) {
        // Played again: the last file to go.
        const entry = onDisk.get(key);
        if (entry) used(key, entry);
        return hit;
      }
      const file = fileOf(key, contentType);
      try {
        const audio = await readFile(file);
        used(key, { file, size: audio.length });
        memory.set(key, audio);
        return audio;
      } catch {
        return undefined;
      }
    },
    async set(key: string, contentType: string, audio: Buffer): Promise<void> {
      memory.set(key, audio);
      if (audio.length > diskBytes) return;
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
      used(key, { file, size: audio.length });
      await evict();
    },
    /** Forgets the audio of `key` in memory and on disk (an erased account's words). */
    async remove(key: string, contentType: string): Promise<void> {
      memory.delete(key);
      forget(key);
      await rm(fileOf(key, contentType), { force: true });
    },
  };
}

export type AudioCache = ReturnType<typeof createAudioCache>;
