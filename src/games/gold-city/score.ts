import type { Band } from '../../core/game-module.ts';
import { bandOf, difficultyOnScale, predict, reportedFeatures, round2, type LinearModel } from '../../core/difficulty.ts';
import { MOST_SPACES_PER_CARD, ROUNDS_SCALE } from './difficulty-scale.ts';
import { HAND_SIZE } from './rules/cards.ts';
import { MinHeap } from '../../core/min-heap.ts';
import type { GoldCityMap } from './model.ts';
import { blockadeEffort, effortToFinish, entryEffort } from './rules/potential.ts';
import { G, blockadeBetween, prepareTable, type Table } from './rules/table.ts';
import { SYMBOL_AT, SYMBOL_FOR } from './symbols.ts';
import { readJson } from '../../core/json-file.ts';
import { calibratedStaggers, seatFairness, seatFeatures } from './seats.ts';
import { rowsOf } from './stagger.ts';
import { templeAnalysis, templeCalibration, type TempleMetrics } from './temple-score.ts';
const calibration = readJson<Calibration>(new URL('../../../fixtures/calibration/gold-city.json', import.meta.url));

export interface StartMetrics {
  start: number;
  /** Fewest spaces to a finishing space. */
  steps: number;
  /** Effort of the cheapest route, in card plays (see README). */
  effort: number;
  /** Strongest single card the cheapest route asks for, per symbol (0: none needed). */
  strongest: { machete: number; paddle: number; coin: number; torch?: number };
  /** Cards given up to rubble and base camps on the cheapest route. */
  cardsPaid: number;
  /** Spaces within 10% of the cheapest effort, per route step: 1 is a single lane. */
  corridor: number;
}

export interface GoldCityScore {
  difficulty: number;
  band: Band;
  /** The rounds to finish the calibration predicts for the map's number of players. */
  predictedRounds: number;
  /** The course lies outside what the model was fitted on; `extrapolation` says how. */
  extrapolated: boolean;
  extrapolation?: string[];
  /**
   * Route-effort spread between the starts, and each seat's predicted share of the wins in
   * percent (seats.ts; `note` says why where there is no prediction).
   */
  fairness: { spread: number; relative: number; fairest: number; hardest: number; winRates?: number[]; model?: string; note?: string };
  metrics: {
    starts: StartMetrics[];
    blockadeLoad: number;
    /** Spaces every route from the start to the finish must pass (articulation points). */
    chokepoints: number;
    meanEffort: number;
    deepWater: number;
    /** Golden Temples courses only: the gem tour. */
    temples?: TempleMetrics;
  };
  model: { version: string; features: Record<string, number> };
}

/** Effort from the nearest of `sources` to every space (Dijkstra forwards). */
function effortFrom(t: Table, sources: readonly number[]): Float64Array {
  const dist = new Float64Array(t.n).fill(Infinity);
  const heap = new MinHeap();
  for (const s of sources) {
    dist[s] = 0;
    heap.push(0, s);
  }
  while (heap.size > 0) {
    const { priority, value: x } = heap.pop();
    if (priority > (dist[x] as number) || t.finishes[x]) continue;
    for (let k = 0; k < 6; k++) {
      const y = t.adj[6 * x + k] as number;
      if (y < 0 || t.ground[y] === G.mountain) continue;
      const b = blockadeBetween(t, x, y);
      const d = priority + entryEffort(t, y) + (b >= 0 ? blockadeEffort(t, b) : 0);
      if (d < (dist[y] as number)) {
        dist[y] = d;
        heap.push(d, y);
      }
    }
  }
  return dist;
}

function stepsToFinish(t: Table): Int32Array {
  const steps = new Int32Array(t.n).fill(-1);
  const queue: number[] = [];
  for (let i = 0; i < t.n; i++) if (t.finishes[i]) (steps[i] = 0), queue.push(i);
  for (let h = 0; h < queue.length; h++) {
    const x = queue[h] as number;
    for (let k = 0; k < 6; k++) {
      const y = t.adj[6 * x + k] as number;
      if (y >= 0 && steps[y] === -1 && t.ground[y] !== G.mountain) (steps[y] = (steps[x] as number) + 1), queue.push(y);
    }
  }
  return steps;
}

/** Articulation points of the open ground that separate the start piece from the finish. */
function chokepoints(t: Table): number {
  const n = t.n;
  const disc = new Int32Array(n).fill(-1);
  const low = new Int32Array(n);
  const cut = new Uint8Array(n);
  let time = 0;
  const root = t.starts[0] ?? 0;
  // Iterative Tarjan: a frame per space with its next neighbour slot.
  const stack: Array<[number, number, number]> = [[root, -1, 0]];
  disc[root] = low[root] = time++;
  let rootChildren = 0;
  while (stack.length > 0) {
    const frame = stack[stack.length - 1]!;
    const [x, parent] = frame;
    if (frame[2] < 6) {
      const y = t.adj[6 * x + frame[2]] as number;
      frame[2]++;
      if (y < 0 || y === parent || t.ground[y] === G.mountain) continue;
      if (disc[y] === -1) {
        disc[y] = low[y] = time++;
        if (x === root) rootChildren++;
        stack.push([y, x, 0]);
      } else low[x] = Math.min(low[x] as number, disc[y] as number);
    } else {
      stack.pop();
      if (parent >= 0) {
        low[parent] = Math.min(low[parent] as number, low[x] as number);
        if (parent !== root && (low[x] as number) >= (disc[parent] as number)) cut[parent] = 1;
      }
    }
  }
  if (rootChildren > 1) cut[root] = 1;
  let count = 0;
  for (let i = 0; i < n; i++) if (cut[i] && !t.finishes[i] && t.ground[i] !== G.start) count++;
  return count;
}

export function analyse(map: GoldCityMap): Pick<GoldCityScore, 'fairness' | 'metrics'> & { features: Record<string, number> } {
  const t = prepareTable(map);
  const toFinish = effortToFinish(t);
  const steps = stepsToFinish(t);
  // One search from all start spaces together: they share a piece and nearly every route.
  const from = effortFrom(t, t.starts);
  const starts: StartMetrics[] = t.starts.map((s, seat) => {
    const strongest: StartMetrics['strongest'] = { machete: 0, paddle: 0, coin: 0 };
    let cardsPaid = 0;
    // Walk the cheapest route down the effort field.
    for (let at = s, guard = 0; !t.finishes[at] && guard < t.n; guard++) {
      let next = -1;
      for (let k = 0; k < 6; k++) {
        const y = t.adj[6 * at + k] as number;
        if (y < 0 || t.ground[y] === G.mountain) continue;
        const b = blockadeBetween(t, at, y);
        const via = (toFinish[y] as number) + entryEffort(t, y) + (b >= 0 ? blockadeEffort(t, b) : 0);
        if (Math.abs(via - (toFinish[at] as number)) < 1e-9 && (next < 0 || y < next)) next = y;
      }
      if (next < 0) break;
      const b = blockadeBetween(t, at, next);
      if (b >= 0) {
        const bl = t.blockades[b]!;
        if (bl.terrain === 'rubble') cardsPaid += bl.strength;
        else {
          const sym = SYMBOL_FOR[bl.terrain];
          strongest[sym] = Math.max(strongest[sym] ?? 0, bl.strength);
        }
      }
      const g = t.ground[next] as number;
      const sym = SYMBOL_AT[g];
      if (sym) strongest[sym] = Math.max(strongest[sym] ?? 0, t.strength[next] as number);
      if (g === G.rubble || g === G.basecamp) cardsPaid += t.strength[next] as number;
      at = next;
    }
    const best = toFinish[s] as number;
    let near = 0;
    for (let i = 0; i < t.n; i++) if ((from[i] as number) + (toFinish[i] as number) <= best * 1.1 + 1e-9) near++;
    const stepCount = steps[s] as number;
    return { start: map.spaces[t.homes[seat] as number]?.start ?? 0, steps: stepCount, effort: round2(best), strongest, cardsPaid, corridor: round2(near / Math.max(1, stepCount + 1)) };
  });
  const efforts = starts.map((s) => s.effort);
  const meanEffort = efforts.reduce((a, b) => a + b, 0) / Math.max(1, efforts.length);
  const spread = Math.max(...efforts) - Math.min(...efforts);
  const blockadeLoad = map.blockades.reduce((sum, b) => sum + b.strength, 0);
  let deepWater = 0;
  for (let i = 0; i < t.n; i++) if (t.ground[i] === G.water && (t.strength[i] as number) >= 4) deepWater++;
  const choke = chokepoints(t);
  const mean = (f: (s: StartMetrics) => number) => starts.reduce((a, s) => a + f(s), 0) / Math.max(1, starts.length);
  const features: Record<string, number> = {
    effort: meanEffort,
    steps: mean((s) => s.steps),
    strongest: mean((s) => Math.max(s.strongest.machete, s.strongest.paddle, s.strongest.coin - 1)),
    cardsPaid: mean((s) => s.cardsPaid),
    corridor: mean((s) => s.corridor),
    blockadeLoad,
    chokepoints: choke,
    // Rounds depend on the table: fewer rivals for the market, and with two players two pawns each.
    players: map.options?.players ?? 4,
    twoPlayerEffort: (map.options?.players ?? 4) === 2 ? meanEffort : 0,
  };
  // Golden Temples: the gem tour's features, scored by the temple model (a base course has none).
  const layer = t.temples.length > 0 ? templeAnalysis(map, t) : undefined;
  if (layer) Object.assign(features, layer.features);
  const hardest = starts.reduce((a, s) => (s.effort > a.effort ? s : a), starts[0]!);
  const fairest = starts.reduce((a, s) => (s.effort < a.effort ? s : a), starts[0]!);
  return {
    fairness: { spread: round2(spread), relative: round2(spread / Math.max(1e-9, meanEffort)), fairest: fairest.start, hardest: hardest.start },
    metrics: { starts, blockadeLoad, chokepoints: choke, meanEffort: round2(meanEffort), deepWater, ...(layer ? { temples: layer.metrics } : {}) },
    features,
  };
}

interface Calibration extends LinearModel {
  /** Each feature's range over the maps the model was fitted on: beyond it, the model extrapolates. */
  featureRanges: Record<string, [number, number]>;
}

/**
 * The fewest rounds any play could need: every card in hand at the catalogue's strongest, each
 * spending one strength a space, for every pawn a seat runs. A linear model fitted on ordinary
 * courses can undershoot it on a course unlike them (a vast open field, say); it never may.
 */
function physicalFloor(starts: readonly StartMetrics[], players: number): number {
  const pawnsPerSeat = players === 2 ? 2 : 1;
  const longest = Math.max(0, ...starts.map((s) => s.steps));
  return Math.ceil((pawnsPerSeat * longest) / (HAND_SIZE * MOST_SPACES_PER_CARD));
}

/** Why a prediction reaches past what the model was fitted on, if it does. */
function extrapolation(features: Record<string, number>, ranges: Calibration['featureRanges']): string[] {
  const out: string[] = [];
  for (const [name, [lo, hi]] of Object.entries(ranges)) {
    const v = features[name] ?? 0;
    // A tenth of the range either way is still interpolation in any sense that matters.
    const slack = 0.1 * (hi - lo);
    if (v < lo - slack || v > hi + slack) out.push(`${name} ${round2(v)} lies outside the calibrated ${round2(lo)}–${round2(hi)}`);
  }
  return out;
}

/**
 * difficulty = predicted rounds for planner bots, one per player the map is made for (four for a
 * course typed in by hand), placed on the table size's scale of rounds (difficulty-scale.ts): a
 * hard two-player course is hard for two. The linear model and its fit figures live in
 * fixtures/calibration/gold-city.json, written by scripts/calibrate-gold-city.ts.
 */
export function scoreGoldCity(map: GoldCityMap): GoldCityScore {
  const score = scoreCourse(map);
  // The seat models read the course as laid out, before any stagger moved a pawn in.
  const plain = map.stagger?.length ? scoreCourse({ ...map, stagger: undefined }) : score;
  const players = map.options?.players ?? 4;
  const rows = rowsOf(map, players, calibratedStaggers(players));
  score.fairness = {
    ...score.fairness,
    ...(map.temples?.length
      ? { note: 'seat shares are calibrated on base courses; the Golden Temples layer has not been playtested for them' }
      : seatFairness(seatFeatures(plain.predictedRounds, plain.model.features), players, rows)),
  };
  return score;
}

function scoreCourse(map: GoldCityMap): GoldCityScore {
  const a = analyse(map);
  // A temple course is scored by the temple model on its own scale of rounds (temple-score.ts).
  const temples = a.metrics.temples !== undefined && templeCalibration !== undefined;
  const cal: Calibration = temples ? templeCalibration! : calibration;
  const players = a.features.players as 2 | 3 | 4;
  const floor = physicalFloor(a.metrics.starts, players);
  const modelled = predict(cal, a.features);
  const rounds = Math.max(modelled, floor);
  const reasons = extrapolation(a.features, cal.featureRanges);
  if (modelled < floor) reasons.push(`the model's ${round2(modelled)} rounds is below the ${floor} the route's length allows`);
  const scale = temples ? (templeCalibration!.scale[String(players) as '2' | '3' | '4'] ?? templeCalibration!.scale['4']) : (ROUNDS_SCALE[players] ?? ROUNDS_SCALE[4]);
  const difficulty = difficultyOnScale(rounds, scale);
  return {
    difficulty,
    band: bandOf(difficulty),
    predictedRounds: round2(rounds),
    extrapolated: reasons.length > 0,
    ...(reasons.length > 0 ? { extrapolation: reasons } : {}),
    fairness: a.fairness,
    metrics: a.metrics,
    model: { version: cal.version, features: reportedFeatures(a.features) },
  };
}
