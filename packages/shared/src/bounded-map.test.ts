import { describe, expect, it } from 'vitest';
import { BoundedMap } from './bounded-map.js';

describe('BoundedMap', () => {
  it('forgets the least recently used entry first, counting reads as uses', () => {
    const map = new BoundedMap<string, number>(2);
    map.set('a', 1).set('b', 2);
    expect(map.get('a')).toBe(1);
    map.set('c', 3);
    expect([...map.keys()]).toEqual(['a', 'c']);
    expect(map.get('b')).toBeUndefined();
  });

  it('keeps the order right when the newest entry is read again and again', () => {
    const map = new BoundedMap<string, number>(2);
    map.set('a', 1).set('b', 2);
    for (let i = 0; i < 3; i++) expect(map.get('b')).toBe(2);
    map.set('c', 3);
    expect([...map.keys()]).toEqual(['b', 'c']);
  });

  it('moves an entry again after the newest one was deleted or the map cleared', () => {
    const map = new BoundedMap<string, number>(2);
    map.set('a', 1).set('b', 2);
    map.delete('b');
    map.set('c', 3);
    expect(map.get('a')).toBe(1);
    map.set('d', 4);
    expect([...map.keys()]).toEqual(['a', 'd']);
    map.clear();
    map.set('e', 5).set('f', 6);
    expect(map.get('e')).toBe(5);
    map.set('g', 7);
    expect([...map.keys()]).toEqual(['e', 'g']);
  });

  it('never holds more than its bound, whatever keys it is given', () => {
    const map = new BoundedMap<number, number>(10);
    for (let i = 0; i < 1000; i++) {
      map.set(i, i);
      map.get(i - 5);
    }
    expect(map.size).toBe(10);
  });
});
