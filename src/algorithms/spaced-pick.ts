/**
 * `wanted` of `shuffled` that stand apart where the ground allows: each taken in shuffled order
 * when `apart` holds between it and every one already taken, then, if too few could be, the rest
 * made up in shuffled order regardless. Returned in ascending order, so what is laid on them
 * next does not depend on the order they were found in.
 */
export function pickSpaced(shuffled: readonly number[], wanted: number, apart: (picked: number, candidate: number) => boolean): number[] {
  const picked: number[] = [];
  for (const c of shuffled) {
    if (picked.length === wanted) break;
    if (picked.every((p) => apart(p, c))) picked.push(c);
  }
  for (const c of shuffled) {
    if (picked.length === wanted) break;
    if (!picked.includes(c)) picked.push(c);
  }
  return picked.sort((a, b) => a - b);
}
