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

  readonly #stateful: boolean;
  #fingerprint: string | undefined;

  private constructor(key: string, stateful: boolean, state?: RngState) {
    this.#key = key;
    this.#stateful = stateful;
    // Asking alea to keep a readable state costs twice as much per stream, so only streams
    // that a game keeps inside its state (and saves and restores) pay for it.
    this.#alea = state
      ? seedrandom.alea('', { state: { ...state } })
      : stateful
        ? seedrandom.alea(key, { state: true })
        : seedrandom.alea(key);
  }

  /** A generation stream; `stateful` streams can also report and resume their state. */
  static fromSeed(seed: string, { stateful = false }: { stateful?: boolean } = {}): Rng {
    return new Rng(seed, stateful);
  }

  static fromState(key: string, state: RngState): Rng {
    return new Rng(key, true, state);
  }

  /**
   * An independent stream whose numbers depend only on this stream's key and the label. The
   * child is keyed by a 64-bit fingerprint of the parent's key rather than the whole key, so
   * deep forks stay as cheap to seed as shallow ones.
   */
  fork(label: string): Rng {
    this.#fingerprint ??= fingerprint(this.#key);
    return new Rng(`${this.#fingerprint}\u001f${label}`, this.#stateful);
  }

  get key(): string {
    return this.#key;
  }

  state(): RngState {
    if (!this.#stateful) throw new Error('this stream was not created stateful');
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

/** FNV-1a over UTF-16 code units, two 32-bit lanes with different offsets, as 16 hex digits. */
function fingerprint(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x01000193) ^ (a >>> 15);
  }
  return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0');
}
