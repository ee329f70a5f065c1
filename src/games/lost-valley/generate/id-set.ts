/**
 * A set of lattice ids (geometry/trilattice/ids.ts) from `from` upward, a byte each, made anew
 * for every map. The ids span a fixed window of which a landscape touches a few hundred, and an
 * array over the whole window costs more to allocate than the map takes to make; so the set starts
 * with room for the ids up to `to` and grows when one beyond is added.
 */
export class IdSet {
  private bytes: Uint8Array;

  constructor(
    private readonly from: number,
    to: number,
  ) {
    this.bytes = new Uint8Array(to - from);
  }

  has(id: number): boolean {
    // Outside the bytes, the read is undefined: not in the set.
    return this.bytes[id - this.from] === 1;
  }

  add(id: number): void {
    const at = id - this.from;
    if (at < 0 || at >= this.bytes.length) this.grow(at);
    this.bytes[at] = 1;
  }

  delete(id: number): void {
    this.bytes[id - this.from] = 0;
  }

  private grow(at: number): void {
    if (at < 0) throw new RangeError(`lattice id ${at + this.from} lies below this set's ids`);
    const bytes = new Uint8Array(Math.max(2 * this.bytes.length, at + 1));
    bytes.set(this.bytes);
    this.bytes = bytes;
  }
}
