/**
 * A Map that keeps at most `max` entries, forgetting the least recently used first. For every
 * cache whose keys come from requests: a client sending endless new keys only churns it.
 */
export class BoundedMap<K, V> {
  readonly #entries = new Map<K, V>();

  constructor(readonly max: number) {}

  get(key: K): V | undefined {
    const value = this.#entries.get(key);
    if (value !== undefined) {
      // Most recently used goes to the end, so eviction takes from the front.
      this.#entries.delete(key);
      this.#entries.set(key, value);
    }
    return value;
  }

  set(key: K, value: V): this {
    this.#entries.delete(key);
    this.#entries.set(key, value);
    if (this.#entries.size > this.max) this.#entries.delete(this.#entries.keys().next().value!);
    return this;
  }

  delete(key: K): boolean {
    return this.#entries.delete(key);
  }

  keys(): IterableIterator<K> {
    return this.#entries.keys();
  }

  clear(): void {
    this.#entries.clear();
  }

  get size(): number {
    return this.#entries.size;
  }
}
