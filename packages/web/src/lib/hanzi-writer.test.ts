import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { CharacterJson } from 'hanzi-writer';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createWriter, releaseWriter } from './hanzi-writer';

const data = JSON.parse(
  readFileSync(createRequire(import.meta.url).resolve('hanzi-writer-data/水.json'), 'utf8'),
) as CharacterJson;

afterEach(() => vi.restoreAllMocks());

/** Issue 40: hanzi-writer's document listeners were never removed. */
describe('releaseWriter', () => {
  it('removes the document listeners a writer added, once it is done', async () => {
    const added = vi.spyOn(document, 'addEventListener');
    const removed = vi.spyOn(document, 'removeEventListener');
    const target = document.createElement('div');
    document.body.append(target);
    const writer = await createWriter(target, '水', data, 200, {});
    const listeners = added.mock.calls.filter(([type]) => type === 'mouseup' || type === 'touchend');
    expect(listeners.map(([type]) => type).sort()).toEqual(['mouseup', 'touchend']);
    releaseWriter(writer);
    expect(removed.mock.calls).toEqual(expect.arrayContaining(listeners));
    // Releasing twice (a stop after a character's end) removes nothing more.
    const count = removed.mock.calls.length;
    releaseWriter(writer);
    expect(removed.mock.calls.length).toBe(count);
    // The document's own method is back: a later listener is not taken for the writer's.
    expect(document.addEventListener).toBe(added);
    target.remove();
  });
});
