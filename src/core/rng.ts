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

/** The three hash lanes of `seedState` over a key's code units, before finalisation. */
interface KeyHash {
  a: number;
  b: number;
  c: number;
  length: number;
}

const EMPTY_KEY: KeyHash = { a: 0x9e3779b9, b: 0x85ebca6b, c: 0xc2b2ae35, length: 0 };

const SEPARATOR = 0x1f;

/**
 * Continues the lanes of `from` over `text` (after the separator when `separated`): a fork's key
 * is its parent's, a separator and the label, so hashing it costs the label, not the whole key.
 */
function hashOn(from: KeyHash, text: string, separated = false): KeyHash {
  let { a, b, c } = from;
  if (separated) {
    a = Math.imul(a ^ SEPARATOR, 0x01000193);
    b = Math.imul(b ^ SEPARATOR, 0x5bd1e995);
    c = Math.imul(c ^ SEPARATOR, 0x27d4eb2d);
  }
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    a = Math.imul(a ^ k, 0x01000193);
    b = Math.imul(b ^ k, 0x5bd1e995);
    c = Math.imul(c ^ k, 0x27d4eb2d);
  }
  return { a, b, c, length: from.length + text.length + (separated ? 1 : 0) };
}

function finalise(h: KeyHash): RngState {
  const a = fmix32(h.a ^ h.c ^ h.length);
  const b = fmix32(h.b ^ a);
  const c = fmix32(h.c ^ b);
  const unit = 2.3283064365386963e-10; // 2^-32
  return { c: 1, s0: a * unit, s1: b * unit, s2: c * unit };
}

/**
 * Alea's starting state from a 96-bit hash of the key (three multiplicative lanes over the
 * UTF-16 code units, cross-mixed and finalised). Alea's own seeding runs its Mash hash three
 * times over the key and costs ten times as much per stream; generation forks dozens of streams
 * per map, so seeding is done here and alea only generates.
 */
export function seedState(key: string): RngState {
  return finalise(hashOn(EMPTY_KEY, key));
}

/** Alea's step (Baagoe), exactly as seedrandom's `alea` computes it. */
const ALEA_MULTIPLIER = 2091639;
const TWO_TO_MINUS_32 = 2.3283064365386963e-10;

/**
 * A seeded stream: seedrandom's alea generator, its four-number step written out here so a stream
 * is one small object (seedrandom builds five closures per stream, and a map forks dozens).
 * Streams are forked by label rather than drawn in sequence, so adding a stage (or a draw inside
 * one) never shifts the numbers another stage sees.
 */
export class Rng {
  /** A fork's key is its parent's key, a separator and its label; a root's key is its label. */
  readonly #parent: Rng | undefined;
  readonly #label: string;
  /** The key's hash lanes; computed when first needed for a stream made from a saved state. */
  #hash: KeyHash | undefined;
  /** Set at the first draw: pipelines fork whole trees of streams, most of which only fork further. */
  #state: RngState | undefined;

  private constructor(parent: Rng | undefined, label: string, hash: KeyHash | undefined, state?: RngState) {
    this.#parent = parent;
    this.#label = label;
    this.#hash = hash;
    this.#state = state;
  }

  #lanes(): KeyHash {
    return (this.#hash ??= hashOn(EMPTY_KEY, this.#label));
  }

  #step(): number {
    const st = (this.#state ??= finalise(this.#lanes()));
    const t = ALEA_MULTIPLIER * st.s0 + st.c * TWO_TO_MINUS_32;
    st.s0 = st.s1;
    st.s1 = st.s2;
    st.c = t | 0;
    st.s2 = t - st.c;
    return st.s2;
  }

  static fromSeed(seed: string): Rng {
    return new Rng(undefined, seed, hashOn(EMPTY_KEY, seed));
  }

  static fromState(key: string, state: RngState): Rng {
    return new Rng(undefined, key, undefined, { c: state.c, s0: state.s0, s1: state.s1, s2: state.s2 });
  }

  /** An independent stream whose numbers depend only on this stream's key and the label. */
  fork(label: string): Rng {
    return new Rng(this, label, hashOn(this.#lanes(), label, true));
  }

  /** Built when asked for (a saved game keeps it); forking never needs the string. */
  get key(): string {
    return this.#parent ? `${this.#parent.key}\u001f${this.#label}` : this.#label;
  }

  state(): RngState {
    const st = (this.#state ??= finalise(this.#lanes()));
    return { c: st.c, s0: st.s0, s1: st.s1, s2: st.s2 };
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.#step();
  }

  /** Uniform integer in [min, max], both ends included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.#step() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.#step() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('pick from an empty list');
    return items[Math.floor(this.#step() * items.length)] as T;
  }

  /** Index drawn in proportion to the weights (all ≥ 0, at least one > 0). */
  weightedIndex(weights: readonly number[]): number {
    let total = 0;
    // Indexed, not for-of: the weights come as small-integer and as double arrays, and an
    // iterator over both allocated a result object per weight on this hot path.
    for (let i = 0; i < weights.length; i++) total += weights[i] as number;
    let target = this.#step() * total;
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
      const j = Math.floor(this.#step() * (i + 1));
      const tmp = out[i] as T;
      out[i] = out[j] as T;
      out[j] = tmp;
    }
    return out;
  }
}
