import type { Axial } from './axial.ts';

/**
 * A dense table from hex to a small integer over a square window of axial coordinates.
 * Hot loops (course search, board adjacency) look hexes up thousands of times per map; a typed
 * array is an order of magnitude cheaper than a Map keyed by packed coordinates.
 */
export class HexTable {
  readonly #cells: Int32Array;
  readonly #minQ: number;
  readonly #minR: number;
  readonly #span: number;

  constructor(minQ: number, minR: number, span: number) {
    this.#minQ = minQ;
    this.#minR = minR;
    this.#span = span;
    this.#cells = new Int32Array(span * span).fill(-1);
  }

  /** A table covering `hexes` with `margin` spare rings, so neighbour look-ups stay inside. */
  static around(hexes: readonly Axial[], margin = 1): HexTable {
    let minQ = Infinity;
    let minR = Infinity;
    let maxQ = -Infinity;
    let maxR = -Infinity;
    for (const h of hexes) {
      if (h.q < minQ) minQ = h.q;
      if (h.q > maxQ) maxQ = h.q;
      if (h.r < minR) minR = h.r;
      if (h.r > maxR) maxR = h.r;
    }
    if (hexes.length === 0) return new HexTable(0, 0, 1);
    const span = Math.max(maxQ - minQ, maxR - minR) + 1 + 2 * margin;
    return new HexTable(minQ - margin, minR - margin, span);
  }

  #cell(q: number, r: number): number {
    const x = q - this.#minQ;
    const y = r - this.#minR;
    if (x < 0 || y < 0 || x >= this.#span || y >= this.#span) return -1;
    return x * this.#span + y;
  }

  /** The stored value, or -1 for an empty or out-of-window hex. */
  get(q: number, r: number): number {
    const c = this.#cell(q, r);
    return c < 0 ? -1 : (this.#cells[c] as number);
  }

  set(q: number, r: number, value: number): void {
    const c = this.#cell(q, r);
    if (c < 0) throw new RangeError(`hex ${q},${r} lies outside the table`);
    this.#cells[c] = value;
  }
}
