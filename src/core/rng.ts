import seedrandom from 'seedrandom';

/** The serialisable state of one alea stream: lets a game keep its PRNG inside plain state. */
export interface RngState {
  c: number;
  s0: number;
  s1: number;
  s2: number;
}

/**
 * A seeded stream. Streams are forked by label rather than drawn in sequence, so adding a
 * stage (or a draw inside one) never shifts the numbers another stage sees.
 */
export class Rng {
  readonly #key: string;
  readonly #alea: seedrandom.PRNG;

  private constructor(key: string, state?: RngState) {
    this.#key = key;
    this.#alea = state
      ? seedrandom.alea('', { state: { ...state } })
      : seedrandom.alea(key, { state: true });
  }

  static fromSeed(seed: string): Rng {
    return new Rng(seed);
  }

  static fromState(key: string, state: RngState): Rng {
    return new Rng(key, state);
  }

  /** An independent stream whose numbers depend only on this stream's key and the label. */
  fork(label: string): Rng {
    return new Rng(`${this.#key}\u001f${label}`);
  }

  get key(): string {
    return this.#key;
  }

  state(): RngState {
    return (this.#alea as unknown as { state(): RngState }).state();
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.#alea();
  }

  /** Uniform integer in [min, max], both ends included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.#alea() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.#alea() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('pick from an empty list');
    return items[Math.floor(this.#alea() * items.length)] as T;
  }

  /** Index drawn in proportion to the weights (all ≥ 0, at least one > 0). */
  weightedIndex(weights: readonly number[]): number {
    let total = 0;
    for (const w of weights) total += w;
    let target = this.#alea() * total;
    for (let i = 0; i < weights.length; i++) {
      target -= weights[i] as number;
      if (target < 0) return i;
    }
    return weights.length - 1;
  }

  /** A new array in Fisher–Yates order; the input is left alone. */
  shuffle<T>(items: readonly T[]): T[] {
    const out = items.slice();
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.#alea() * (i + 1));
      const tmp = out[i] as T;
      out[i] = out[j] as T;
      out[j] = tmp;
    }
    return out;
  }
}
