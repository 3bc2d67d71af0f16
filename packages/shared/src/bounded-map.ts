/**
 * A Map that keeps at most `max` entries, forgetting the least recently used first. For every
 * cache whose keys come from requests: a client sending endless new keys only churns it.
 */
export class BoundedMap<K, V> {
  readonly #entries = new Map<K, V>();
  /** The most recently used key: using it again needs no reordering. */
  #newest: K | undefined;

  constructor(readonly max: number) {}

  get(key: K): V | undefined {
    const value = this.#entries.get(key);
    if (value !== undefined && key !== this.#newest) {
      // Most recently used goes to the end, so eviction takes from the front. Moving an entry
      // is a delete and an insert, which a hot cache (every request asks for the same time
      // zone) would otherwise pay on every hit (docs/performance.md).
      this.#entries.delete(key);
      this.#entries.set(key, value);
      this.#newest = key;
    }
    return value;
  }

  set(key: K, value: V): this {
    this.#entries.delete(key);
    this.#entries.set(key, value);
    this.#newest = key;
    if (this.#entries.size > this.max) this.#entries.delete(this.#entries.keys().next().value!);
    return this;
  }

  delete(key: K): boolean {
    if (key === this.#newest) this.#newest = undefined;
    return this.#entries.delete(key);
  }

  keys(): IterableIterator<K> {
    return this.#entries.keys();
  }

  clear(): void {
    this.#newest = undefined;
    this.#entries.clear();
  }

  get size(): number {
    return this.#entries.size;
  }
}
