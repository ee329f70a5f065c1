import type { MapDocumentBase, ScoreBase } from '../core/game-module.ts';
import type { Rendered } from '../formats/format.ts';

export interface CachedMap {
  map: MapDocumentBase & { digest: string; score?: ScoreBase };
  /** Renders of cacheable formats (the JSON body) by variant, made once: the same URL answers the same bytes. */
  rendered: Map<string, Rendered>;
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
