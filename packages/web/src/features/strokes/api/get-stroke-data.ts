import type { CharacterJson } from 'hanzi-writer';
import { API_BASE } from '../../../config/env';

/**
 * One character's stroke order, from our own server (GET /api/hanzi/:char.json), never a CDN.
 * The answer is public and immutable, so the browser keeps it: a character seen once draws
 * again with no network.
 */
export async function getStrokeData(char: string): Promise<CharacterJson> {
  const res = await fetch(`${API_BASE}/hanzi/${encodeURIComponent(char)}.json`);
  if (!res.ok) throw new Error(`No stroke order for ${char} (${res.status})`);
  return (await res.json()) as CharacterJson;
}
