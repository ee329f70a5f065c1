/**
 * A byte for each lattice id (geometry/trilattice/ids.ts) from `from` up, 0 until set, made anew
 * for every map. The ids span a fixed window of which a landscape touches a few hundred, and an
 * array over the whole window costs more to allocate than the map takes to make; so the bytes
 * start with room for the ids up to `to` and grow when one beyond is set.
 */
export class IdBytes {
  private bytes: Uint8Array;

  constructor(
    private readonly from: number,
    to: number,
  ) {
    this.bytes = new Uint8Array(to - from);
  }

  get(id: number): number {
    return this.bytes[id - this.from] ?? 0;
  }

  set(id: number, value: number): void {
    const at = id - this.from;
    if (at < 0 || at >= this.bytes.length) this.grow(at);
    this.bytes[at] = value;
  }

  private grow(at: number): void {
    if (at < 0) throw new RangeError(`lattice id ${at + this.from} lies below these ids`);
    const bytes = new Uint8Array(Math.max(2 * this.bytes.length, at + 1));
    bytes.set(this.bytes);
    this.bytes = bytes;
  }
}
