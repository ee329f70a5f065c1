/**
 * Axial hex coordinates (pointy orientation: +q east, +r south-east, y grows downwards).
 * The brand keeps them from being mixed up with pixel or millimetre points.
 */
export interface Axial {
  readonly q: number;
  readonly r: number;
}

/** A packed integer form of an Axial, for Maps and Sets on hot paths. */
export type HexKey = number & { readonly __brand: 'HexKey' };

const KEY_OFFSET = 1 << 11;
const KEY_SPAN = 1 << 12;

export function hexKey(q: number, r: number): HexKey {
  return ((q + KEY_OFFSET) * KEY_SPAN + (r + KEY_OFFSET)) as HexKey;
}

export function keyOf(h: Axial): HexKey {
  return hexKey(h.q, h.r);
}

export function fromKey(key: HexKey): Axial {
  return { q: Math.floor(key / KEY_SPAN) - KEY_OFFSET, r: (key % KEY_SPAN) - KEY_OFFSET };
}

/** Clockwise from east, so DIRECTIONS[(d + 3) % 6] is the opposite of DIRECTIONS[d]. */
export const DIRECTIONS: readonly Axial[] = [
  { q: 1, r: 0 },
  { q: 0, r: 1 },
  { q: -1, r: 1 },
  { q: -1, r: 0 },
  { q: 0, r: -1 },
  { q: 1, r: -1 },
];

export function add(a: Axial, b: Axial): Axial {
  return { q: a.q + b.q, r: a.r + b.r };
}

export function neighbours(h: Axial): Axial[] {
  return DIRECTIONS.map((d) => add(h, d));
}

export function distance(a: Axial, b: Axial): number {
  const dq = a.q - b.q;
  const dr = a.r - b.r;
  return (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2;
}

/** Rotation by 60° clockwise about the origin, `turns` times (negative turns go anticlockwise). */
export function rotate(h: Axial, turns: number): Axial {
  let { q, r } = h;
  const n = ((turns % 6) + 6) % 6;
  for (let i = 0; i < n; i++) [q, r] = [-r, q + r];
  return { q: q + 0, r: r + 0 };
}

/** A total order (row, then column) so every sort of hexes is reproducible. */
export function compareAxial(a: Axial, b: Axial): number {
  return a.r - b.r || a.q - b.q;
}
