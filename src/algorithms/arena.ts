/**
 * Typed arrays cut one after another from a single buffer: a set of arrays made together is one
 * allocation, and one backing store for the collector to sweep, rather than one each (typed
 * arrays over 64 bytes each get a backing store of their own outside the heap, which young
 * collections sweep one by one). Cut the widest arrays first, so every offset stays aligned.
 */
export class Arena {
  readonly #buffer: ArrayBuffer;
  #at = 0;

  constructor(bytes: number) {
    this.#buffer = new ArrayBuffer(bytes);
  }

  float64(length: number): Float64Array {
    const a = new Float64Array(this.#buffer, this.#at, length);
    this.#at += 8 * length;
    return a;
  }

  int32(length: number): Int32Array {
    const a = new Int32Array(this.#buffer, this.#at, length);
    this.#at += 4 * length;
    return a;
  }

  int16(length: number): Int16Array {
    const a = new Int16Array(this.#buffer, this.#at, length);
    this.#at += 2 * length;
    return a;
  }

  uint8(length: number): Uint8Array {
    const a = new Uint8Array(this.#buffer, this.#at, length);
    this.#at += length;
    return a;
  }

  int8(length: number): Int8Array {
    const a = new Int8Array(this.#buffer, this.#at, length);
    this.#at += length;
    return a;
  }
}
