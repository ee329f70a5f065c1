import seedrandom from 'seedrandom';

/** The serialisable state of one alea stream: lets a game keep its PRNG inside plain state. */
export interface RngState {
  c: number;
  s0: number;
  s1: number;
  s2: number;
}

/** murmur3's 32-bit finaliser: every input bit reaches every output bit. */
function fmix32(h: number): number {
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/**
 * Alea's starting state from a 96-bit hash of the key (three multiplicative lanes over the
 * UTF-16 code units, cross-mixed and finalised). Alea's own seeding runs its Mash hash three
 * times over the key and costs ten times as much per stream; generation forks dozens of streams
 * per map, so seeding is done here and alea only generates.
 */
export function seedState(key: string): RngState {
  let a = 0x9e3779b9;
  let b = 0x85ebca6b;
  let c = 0xc2b2ae35;
  for (let i = 0; i < key.length; i++) {
    const k = key.charCodeAt(i);
    a = Math.imul(a ^ k, 0x01000193);
    b = Math.imul(b ^ k, 0x5bd1e995);
    c = Math.imul(c ^ k, 0x27d4eb2d);
  }
  a = fmix32(a ^ c ^ key.length);
  b = fmix32(b ^ a);
  c = fmix32(c ^ b);
  const unit = 2.3283064365386963e-10; // 2^-32
  return { c: 1, s0: a * unit, s1: b * unit, s2: c * unit };
}

/**
 * A seeded stream (seedrandom's alea). Streams are forked by label rather than drawn in
 * sequence, so adding a stage (or a draw inside one) never shifts the numbers another stage sees.
 */
export class Rng {
  readonly #key: string;
  #state: RngState | undefined;
  #generator: seedrandom.PRNG | undefined;

  private constructor(key: string, state?: RngState) {
    this.#key = key;
    this.#state = state;
  }

  /** Seeded on first use: pipelines fork whole trees of streams, most of which only fork further. */
  get #alea(): seedrandom.PRNG {
    this.#generator ??= seedrandom.alea('', { state: { ...(this.#state ?? seedState(this.#key)) } });
    return this.#generator;
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
