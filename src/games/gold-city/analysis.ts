import { round2 } from '../../core/difficulty.ts';
import { NodeHeap } from '../../algorithms/min-heap.ts';
import type { GoldCityMap } from './model.ts';
import { effortToFinish, stepCosts } from './rules/potential.ts';
import { G, blockadeBetween, buildTable, type Table } from './rules/table.ts';
import { SYMBOL_AT, SYMBOL_FOR, SYMBOLS4, type GroundSymbol } from './symbols.ts';
import { templeAnalysis, type TempleMetrics } from './temple-score.ts';

/**
 * What the score reads off a course before any model: searches over the table (effort and steps
 * to the finish, each start's cheapest route, the corridor, chokepoints) and the features the
 * models are fitted on. score.ts turns them into a difficulty.
 */

/** Each symbol's slot in SYMBOLS4, and the slot of the symbol that pays each ground code (-1: none). */
const SLOT_OF = Object.fromEntries(SYMBOLS4.map((sym, k) => [sym, k])) as Record<GroundSymbol, number>;
const SLOT_AT: readonly number[] = Array.from(SYMBOL_AT, (sym) => (sym ? SLOT_OF[sym] : -1));

export interface StartMetrics {
  start: number;
  /** Fewest spaces to a finishing space. */
  steps: number;
  /** Effort of the cheapest route, in card plays (see docs/difficulty.md). */
  effort: number;
  /** Strongest single card the cheapest route asks for, per symbol (0: none needed). */
  strongest: { machete: number; paddle: number; coin: number; torch?: number };
  /** Cards given up to rubble and base camps on the cheapest route. */
  cardsPaid: number;
  /** Spaces within 10% of the cheapest effort, per route step: 1 is a single lane. */
  corridor: number;
}

/** Route-effort spread between the starts: which start has the cheapest and dearest route. */
export interface CourseFairness {
  spread: number;
  relative: number;
  fairest: number;
  hardest: number;
}

export interface CourseMetrics {
  starts: StartMetrics[];
  blockadeLoad: number;
  /** Spaces every route from the start to the finish must pass (articulation points). */
  chokepoints: number;
  meanEffort: number;
  deepWater: number;
  /** Golden Temples courses only: the gem tour. */
  temples?: TempleMetrics;
}

/** A course analysed: its metrics as reported, and the features a model predicts from. */
export interface CourseAnalysis {
  fairness: CourseFairness;
  metrics: CourseMetrics;
  features: Record<string, number>;
}

const heap = new NodeHeap();

/**
 * Work arrays of one analysis, kept between calls and grown to the largest course seen: a score
 * is made for every reroll attempt, and each fresh typed array is an allocation now and a
 * collection later. Nothing here outlives the call that fills it.
 */
const scratch = {
  size: 0,
  from: new Float64Array(0),
  toFinish: new Float64Array(0),
  steps: new Int32Array(0),
  queue: new Int32Array(0),
  disc: new Int32Array(0),
  low: new Int32Array(0),
  cut: new Uint8Array(0),
  node: new Int32Array(0),
  parentOf: new Int32Array(0),
  slot: new Int32Array(0),
  stepOf: new Int32Array(0),
};

function scratchFor(n: number): typeof scratch {
  if (scratch.size < n) {
    scratch.size = n;
    scratch.from = new Float64Array(n);
    scratch.toFinish = new Float64Array(n);
    scratch.steps = new Int32Array(n);
    scratch.queue = new Int32Array(n);
    scratch.disc = new Int32Array(n);
    scratch.low = new Int32Array(n);
    scratch.cut = new Uint8Array(n);
    scratch.node = new Int32Array(n);
    scratch.parentOf = new Int32Array(n);
    scratch.slot = new Int32Array(n);
    scratch.stepOf = new Int32Array(n);
  }
  return scratch;
}

/**
 * Effort from the nearest of `sources` (Dijkstra forwards, into the first t.n entries of `dist`),
 * exact wherever effort from the sources plus `toFinish` stays within `bound`; elsewhere it may
 * read high. That is all the corridor asks, and it spares the search the far side of the course.
 * Exact because a space on the cheapest way to one within the bound is itself within it:
 * toFinish is a least effort, so it cannot exceed the rest of that way (up to rounding, which
 * `bound` must leave room for). Each value is otherwise as spreadBackwards (potential.ts) says.
 */
function effortFrom(t: Table, sources: readonly number[], dist: Float64Array, toFinish: Float64Array, bound: number): Float64Array {
  const { enter, seam, stride } = stepCosts(t);
  const { open, openStart, finishes, piece } = t;
  dist.fill(Infinity, 0, t.n);
  heap.reset(dist);
  for (const s of sources) {
    dist[s] = 0;
    heap.lowered(s);
  }
  while (heap.size > 0) {
    const x = heap.pop();
    if (finishes[x]) continue;
    const at = dist[x] as number;
    const row = ((piece[x] as number) + 1) * stride + 1;
    for (let e = openStart[x] as number, end = openStart[x + 1] as number; e < end; e++) {
      const y = open[e] as number;
      const d = at + (enter[y] as number) + (seam[row + (piece[y] as number)] as number);
      if (d < (dist[y] as number)) {
        dist[y] = d;
        if (d + (toFinish[y] as number) <= bound) heap.lowered(y);
      }
    }
  }
  return dist;
}

function stepsToFinish(t: Table, { steps, queue }: typeof scratch): Int32Array {
  const { open, openStart, finishes } = t;
  steps.fill(-1, 0, t.n);
  let tail = 0;
  for (let i = 0; i < t.n; i++) if (finishes[i]) (steps[i] = 0), (queue[tail++] = i);
  for (let h = 0; h < tail; h++) {
    const x = queue[h] as number;
    for (let e = openStart[x] as number, end = openStart[x + 1] as number; e < end; e++) {
      const y = open[e] as number;
      if (steps[y] === -1) (steps[y] = (steps[x] as number) + 1), (queue[tail++] = y);
    }
  }
  return steps;
}

/** Articulation points of the open ground that separate the start piece from the finish. */
function chokepoints(t: Table, { disc, low, cut, node, parentOf, slot }: typeof scratch): number {
  const { n, open, openStart, ground } = t;
  disc.fill(-1, 0, n);
  cut.fill(0, 0, n);
  let time = 0;
  const root = t.starts[0] ?? 0;
  // Iterative Tarjan: a frame per space (its parent and next neighbour in `open`); a space is entered once, so n frames.
  let top = 0;
  node[0] = root;
  parentOf[0] = -1;
  slot[0] = openStart[root] as number;
  disc[root] = low[root] = time++;
  let rootChildren = 0;
  while (top >= 0) {
    const x = node[top] as number;
    const parent = parentOf[top] as number;
    const end = openStart[x + 1] as number;
    let e = slot[top] as number;
    let child = -1;
    while (e < end) {
      const y = open[e++] as number;
      if (y === parent) continue;
      if (disc[y] === -1) {
        child = y;
        break;
      }
      low[x] = Math.min(low[x] as number, disc[y] as number);
    }
    if (child >= 0) {
      slot[top] = e;
      disc[child] = low[child] = time++;
      if (x === root) rootChildren++;
      top++;
      node[top] = child;
      parentOf[top] = x;
      slot[top] = openStart[child] as number;
    } else {
      top--;
      if (parent >= 0) {
        low[parent] = Math.min(low[parent] as number, low[x] as number);
        if (parent !== root && (low[x] as number) >= (disc[parent] as number)) cut[parent] = 1;
      }
    }
  }
  if (rootChildren > 1) cut[root] = 1;
  let count = 0;
  for (let i = 0; i < n; i++) if (cut[i] && !t.finishes[i] && ground[i] !== G.start) count++;
  return count;
}

/**
 * The mean of f over the starts (0 for none), summed in order. A module function: under tsx
 * (keepNames) a named closure made per score costs a __name call.
 */
function meanOver(starts: readonly StartMetrics[], f: (s: StartMetrics) => number): number {
  let sum = 0;
  for (const s of starts) sum += f(s);
  return sum / Math.max(1, starts.length);
}

export function analyse(map: GoldCityMap): CourseAnalysis {
  const t = buildTable(map);
  const work = scratchFor(t.n);
  const toFinish = effortToFinish(t, undefined, work.toFinish.subarray(0, t.n));
  const steps = stepsToFinish(t, work);
  const { enter, seam, stride } = stepCosts(t);
  // Corridor: spaces within 10% of each start's cheapest effort, counted in one pass for all starts.
  const within = new Float64Array(t.starts.length);
  let bound = 0;
  for (let k = 0; k < within.length; k++) bound = Math.max(bound, (within[k] = (toFinish[t.starts[k] as number] as number) * 1.1 + 1e-9));
  // One search from all start spaces together: they share a piece and nearly every route. The
  // margin dwarfs the rounding of sums of a few thousand efforts, and spares nothing that counts.
  const from = effortFrom(t, t.starts, work.from, toFinish, bound + 1e-6);
  const near = new Int32Array(within.length);
  for (let i = 0; i < t.n; i++) {
    const through = (from[i] as number) + (toFinish[i] as number);
    // Beyond the widest corridor, as most of a course is: within none of them.
    if (through > bound) continue;
    for (let k = 0; k < within.length; k++) if (through <= (within[k] as number)) near[k] = (near[k] as number) + 1;
  }
  // A loop, not t.starts.map: map() inlined in optimised code and the builtin make arrays of
  // different elements kinds, and the readers of `starts` deopted on that for the first few
  // hundred scores.
  const starts: StartMetrics[] = [];
  const stepOf = work.stepOf.fill(-2, 0, t.n);
  for (let startIndex = 0; startIndex < t.starts.length; startIndex++) {
    const s = t.starts[startIndex] as number;
    // Strongest card per symbol, by SYMBOLS4 slot; the torch is reported only where the route meets torch ground.
    const most = [0, 0, 0, 0];
    let torchGround = false;
    let cardsPaid = 0;
    // Walk the cheapest route down the effort field. The starts' routes soon meet and then run
    // on together, so each space's step is found once (stepOf, -2 until found).
    for (let at = s, guard = 0; !t.finishes[at] && guard < t.n; guard++) {
      let next = stepOf[at] as number;
      if (next === -2) {
        next = -1;
        const row = ((t.piece[at] as number) + 1) * stride + 1;
        for (let e = t.openStart[at] as number, end = t.openStart[at + 1] as number; e < end; e++) {
          const y = t.open[e] as number;
          const via = (toFinish[y] as number) + (enter[y] as number) + (seam[row + (t.piece[y] as number)] as number);
          if (Math.abs(via - (toFinish[at] as number)) < 1e-9 && (next < 0 || y < next)) next = y;
        }
        stepOf[at] = next;
      }
      if (next < 0) break;
      const b = blockadeBetween(t, at, next);
      if (b >= 0) {
        const bl = t.blockades[b]!;
        if (bl.terrain === 'rubble') cardsPaid += bl.strength;
        else {
          const slot = SLOT_OF[SYMBOL_FOR[bl.terrain]];
          most[slot] = Math.max(most[slot] as number, bl.strength);
        }
      }
      const g = t.ground[next] as number;
      const slot = SLOT_AT[g] as number;
      if (slot >= 0) {
        most[slot] = Math.max(most[slot] as number, t.strength[next] as number);
        if (slot === SLOT_OF.torch) torchGround = true;
      }
      if (g === G.rubble || g === G.basecamp) cardsPaid += t.strength[next] as number;
      at = next;
    }
    const strongest: StartMetrics['strongest'] = {
      machete: most[SLOT_OF.machete] as number,
      paddle: most[SLOT_OF.paddle] as number,
      coin: most[SLOT_OF.coin] as number,
    };
    if (torchGround) strongest.torch = most[SLOT_OF.torch] as number;
    const best = toFinish[s] as number;
    const stepCount = steps[s] as number;
    starts.push({
      start: map.spaces[t.homes[startIndex] as number]?.start ?? 0,
      steps: stepCount,
      effort: round2(best),
      strongest,
      cardsPaid,
      corridor: round2((near[startIndex] as number) / Math.max(1, stepCount + 1)),
    });
  }
  // Sums and extremes in loops: an array of efforts is small integers on one course and doubles on
  // the next, and reduce over it deopted while the optimiser learnt both.
  let effortSum = 0;
  let highest = -Infinity;
  let lowest = Infinity;
  for (const s of starts) {
    effortSum += s.effort;
    highest = Math.max(highest, s.effort);
    lowest = Math.min(lowest, s.effort);
  }
  const meanEffort = effortSum / Math.max(1, starts.length);
  const spread = highest - lowest;
  const blockadeLoad = map.blockades.reduce((sum, b) => sum + b.strength, 0);
  let deepWater = 0;
  for (let i = 0; i < t.n; i++) if (t.ground[i] === G.water && (t.strength[i] as number) >= 4) deepWater++;
  const choke = chokepoints(t, work);
  const features: Record<string, number> = {
    effort: meanEffort,
    steps: meanOver(starts, (s) => s.steps),
    strongest: meanOver(starts, (s) => Math.max(s.strongest.machete, s.strongest.paddle, s.strongest.coin - 1)),
    cardsPaid: meanOver(starts, (s) => s.cardsPaid),
    corridor: meanOver(starts, (s) => s.corridor),
    blockadeLoad,
    chokepoints: choke,
    // Rounds depend on the table: fewer rivals for the market, and with two players two pawns each.
    players: map.options?.players ?? 4,
    twoPlayerEffort: (map.options?.players ?? 4) === 2 ? meanEffort : 0,
  };
  // Golden Temples: the gem tour's features, scored by the temple model (a base course has none).
  const layer = t.temples.length > 0 ? templeAnalysis(map, t, toFinish) : undefined;
  if (layer) Object.assign(features, layer.features);
  const hardest = starts.reduce((a, s) => (s.effort > a.effort ? s : a), starts[0]!);
  const fairest = starts.reduce((a, s) => (s.effort < a.effort ? s : a), starts[0]!);
  return {
    fairness: {
      spread: round2(spread),
      relative: round2(spread / Math.max(1e-9, meanEffort)),
      fairest: fairest.start,
      hardest: hardest.start,
    },
    metrics: {
      starts,
      blockadeLoad,
      chokepoints: choke,
      meanEffort: round2(meanEffort),
      deepWater,
      ...(layer ? { temples: layer.metrics } : {}),
    },
    features,
  };
}
