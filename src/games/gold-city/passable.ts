import { Arena } from '../../algorithms/arena.ts';
import { spacesOf, type CourseBoard } from './course-board.ts';
import { T } from './terrain-codes.ts';

/**
 * What stops a pawn in the repair's eyes: mountains always; with `deep`, water-4 too (no paddle a
 * player can buy reaches 4, only the single-use Prop Plane does).
 */
const isWall = (board: CourseBoard, i: number, deep: boolean) => board.terrain[i] === T.mountain || (deep && isDeepWater(board, i));

const isDeepWater = (board: CourseBoard, i: number) => board.terrain[i] === T.water && (board.strength[i] as number) >= 4;

/**
 * Breadth-first from queue[head] to queue[tail − 1] over spaces not yet seen (explore marks
 * mountains seen); answers the new tail. With `held`, water-4 is not entered but listed there (once each: it is marked).
 */
function spread(board: CourseBoard, seen: Uint8Array, queue: Int32Array, head: number, tail: number, held: number[] | undefined): number {
  const { adj } = board;
  for (; head < tail; head++) {
    const base = 6 * (queue[head] as number);
    for (let k = base; k < base + 6; k++) {
      const j = adj[k] as number;
      if (j === -1 || seen[j]) continue;
      seen[j] = 1;
      if (held && isDeepWater(board, j)) held.push(j);
      else queue[tail++] = j;
    }
  }
  return tail;
}

/**
 * The spaces the starts reach over open ground (`open` marks every mountain too), and whether a
 * finishing space is reached without wading water-4: one pass, which holds water-4 back until
 * everything reachable without it is reached, then goes on through it.
 */
function explore(board: CourseBoard, starts: readonly number[], finishes: readonly number[]): { open: Uint8Array; wades: boolean } {
  const arena = new Arena(5 * board.n);
  const queue = arena.int32(board.n);
  // Mountains count as seen: the search then asks one question a step, and they stay mountains.
  const open = arena.uint8(board.n);
  for (let i = 0; i < board.n; i++) if (board.terrain[i] === T.mountain) open[i] = 1;
  for (let k = 0; k < starts.length; k++) {
    open[starts[k] as number] = 1;
    queue[k] = starts[k] as number;
  }
  const held: number[] = [];
  let tail = spread(board, open, queue, 0, starts.length, held);
  const wades = reachesAny(open, finishes);
  const heldFrom = tail;
  for (const i of held) queue[tail++] = i;
  spread(board, open, queue, heldFrom, tail, undefined);
  return { open, wades };
}

const reachesAny = (seen: Uint8Array, targets: readonly number[]) => targets.some((f) => seen[f] === 1);

/**
 * Mountains may wall a course shut. First a path of fewest mountains from the start to the
 * finish is cut open (0-1 breadth-first search, so the repair is as small as it can be), then any
 * open pocket the start cannot reach is filled in as mountain. A band of water-4 across the
 * course could stall a race for good, so one crossing is kept at water 3.
 */
export function makePassable(board: CourseBoard): void {
  const { terrain, strength } = board;
  const starts = spacesOf(board, T.start);
  const finishes = spacesOf(board, T.finish);
  let { open, wades } = explore(board, starts, finishes);
  if (!reachesAny(open, finishes)) {
    for (const i of cheapestPath(board, starts, finishes, false)) {
      if (terrain[i] === T.mountain) {
        terrain[i] = T.jungle;
        strength[i] = 1;
      }
    }
    ({ open, wades } = explore(board, starts, finishes));
  }
  if (!wades) {
    // Only the water is eased: mountains on this path stay, as they always have.
    for (const i of cheapestPath(board, starts, finishes, true)) if (isDeepWater(board, i)) strength[i] = 3;
  }
  for (let i = 0; i < board.n; i++) {
    if (!open[i] && terrain[i] !== T.mountain) {
      terrain[i] = T.mountain;
      strength[i] = 0;
    }
  }
}

/**
 * The spaces of a start-to-finish path crossing the fewest walls: 0-1 breadth-first search (a
 * wall costs 1, open ground 0), finish first.
 */
function cheapestPath(board: CourseBoard, starts: number[], finishes: number[], deep: boolean): number[] {
  const cost = new Int32Array(board.n).fill(-1);
  const via = new Int32Array(board.n).fill(-1);
  for (const i of starts) cost[i] = 0;
  const buckets: number[][] = [starts.slice()];
  for (let level = 0; level < buckets.length; level++) {
    const bucket = buckets[level] as number[];
    for (let k = 0; k < bucket.length; k++) {
      const i = bucket[k] as number;
      if (cost[i] !== level) continue;
      for (let e = 6 * i; e < 6 * i + 6; e++) {
        const j = board.adj[e] as number;
        if (j === -1) continue;
        const c = level + (isWall(board, j, deep) ? 1 : 0);
        if (cost[j] === -1 || c < (cost[j] as number)) {
          cost[j] = c;
          via[j] = i;
          (buckets[c] ??= []).push(j);
        }
      }
    }
  }
  let target = finishes[0] as number;
  for (const f of finishes) if ((cost[f] as number) < (cost[target] as number)) target = f;
  const path: number[] = [];
  for (let i = target; i !== -1; i = via[i] as number) path.push(i);
  return path;
}
