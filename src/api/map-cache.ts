import type { MapDocumentBase, ScoreBase } from '../core/game-module.ts';
import type { Rendered } from '../formats/format.ts';

export interface CachedMap {
  map: MapDocumentBase & { digest: string; score: ScoreBase };
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

/** A whole answer as sent: status 200, these headers (as node's writeHead takes them), these bytes. */
export interface Answer {
  headers: Array<string | number | string[]>;
  body: Buffer;
}

/**
 * The last answers of cacheable seed URLs, by the exact request URL, for the fast path in front
 * of the full route. Least recently remembered goes first.
 */
export class AnswerCache {
  readonly #entries = new Map<string, Answer>();

  constructor(readonly capacity: number) {}

  get(url: string): Answer | undefined {
    return this.#entries.get(url);
  }

  remember(url: string, headers: Record<string, string | number | string[] | undefined>, body: Buffer | string): void {
    const flat: Array<string | number | string[]> = [];
    for (const [name, value] of Object.entries(headers)) if (value !== undefined) flat.push(name, value);
    this.#entries.delete(url);
    this.#entries.set(url, { headers: flat, body: typeof body === 'string' ? Buffer.from(body, 'utf8') : body });
    if (this.#entries.size > this.capacity) this.#entries.delete(this.#entries.keys().next().value as string);
  }
}
