import type { MapDocumentBase } from '../core/game-module.ts';

export interface CachedMap {
  map: MapDocumentBase & { digest: string };
  /** The JSON body, serialised once: the same URL always answers the same bytes. */
  body: string;
}

/**
 * A small least-recently-used cache of built maps. Seed-addressed maps never change, so an entry
 * is never stale; the cache only saves rebuilding the hot seeds (a shared link, a table's map).
 */
export class MapCache {
  readonly #entries = new Map<string, CachedMap>();

  constructor(readonly capacity: number) {}

  get(key: string): CachedMap | undefined {
    const hit = this.#entries.get(key);
    if (hit) {
      this.#entries.delete(key);
      this.#entries.set(key, hit);
    }
    return hit;
  }

  set(key: string, value: CachedMap): void {
    this.#entries.delete(key);
    this.#entries.set(key, value);
    if (this.#entries.size > this.capacity) {
      const oldest = this.#entries.keys().next().value as string;
      this.#entries.delete(oldest);
    }
  }
}
