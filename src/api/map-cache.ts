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
 * Bounded by count: a built map with its JSON measured 47 KB of heap on average over the three
 * games, so the service's 256 entries (a map is filed under its raw and its normalised request)
 * hold ~12 MB at most (docs/performance.md#memory).
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
 * of the full route. Least recently remembered goes first, past `capacity` answers or `maxBytes`
 * of bodies, whichever comes first (a JSON answer is 8–16 KB, so 256 of them are ~4 MB; the bytes
 * bound holds if a game's maps grow).
 */
export class AnswerCache {
  readonly #entries = new Map<string, Answer>();
  #bytes = 0;

  constructor(
    readonly capacity: number,
    readonly maxBytes = 16 * 1024 * 1024,
  ) {}

  get(url: string): Answer | undefined {
    return this.#entries.get(url);
  }

  /** The bytes of the bodies held. */
  get bytes(): number {
    return this.#bytes;
  }

  remember(url: string, headers: Record<string, string | number | string[] | undefined>, body: Buffer | string): void {
    const flat: Array<string | number | string[]> = [];
    for (const [name, value] of Object.entries(headers)) if (value !== undefined) flat.push(name, value);
    const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
    if (bytes.length > this.maxBytes) return;
    this.#forget(url);
    this.#entries.set(url, { headers: flat, body: bytes });
    this.#bytes += bytes.length;
    while (this.#entries.size > this.capacity || this.#bytes > this.maxBytes) this.#forget(this.#entries.keys().next().value as string);
  }

  #forget(url: string): void {
    const old = this.#entries.get(url);
    if (!old) return;
    this.#entries.delete(url);
    this.#bytes -= old.body.length;
  }
}
