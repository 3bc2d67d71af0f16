import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { HANZI_CHAR_PATTERN } from '@spellwell/shared';

/**
 * hanzi-writer-data's folder: one `<character>.json` per character (about 9,500), derived from
 * Make Me a Hanzi under the Arphic Public License (its ARPHICPL.TXT; README.md "Licences").
 */
const DATA_DIR = path.dirname(createRequire(import.meta.url).resolve('hanzi-writer-data/package.json'));

/**
 * One character's stroke data as the package ships it (JSON text), or null when the package
 * has none. Only a single Han character is looked up, so no other file can be named.
 */
export async function readStrokeData(char: string): Promise<Buffer | null> {
  if (!HANZI_CHAR_PATTERN.test(char)) return null;
  try {
    return await readFile(path.join(DATA_DIR, `${char}.json`));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}
