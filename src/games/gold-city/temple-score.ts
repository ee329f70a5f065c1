import { existsSync } from 'node:fs';
import type { Scale } from '../../core/difficulty.ts';
import { readJson, dataFile } from '../../core/json-file.ts';
import { mean as meanOf, round2 } from '../../core/stats.ts';
import type { GoldCityMap } from './model.ts';
import { stepCosts, templeFields } from './rules/potential.ts';
import { G, type Table } from './rules/table.ts';
import { tourSteps } from './temples.ts';

/** What the score reports about the gem tour, mean over the start spaces. */
export interface TempleMetrics {
  /** Card-play effort of the cheapest tour start → both temples → finish. */
  tourEffort: number;
  /** Fewest steps of the tour, and that over the direct way's steps. */
  tourSteps: number;
  detour: number;
  /** Which temple the cheapest tour takes first, per start (temple id). */
  firstTemple: number[];
  /** Guardians beside the cheapest tour's spaces. */
  guardiansOnRoute: number;
  /** Strongest torch card the cheapest tour asks for. */
  torchStrongest: number;
}

/**
 * The Golden Temples features: the tour's effort and length, the detour over the direct way,
 * guardians along the tour and the torch it asks for. Walks the cheapest tour down the field of
 * each gem holding (potential.ts, templeFields), as the bots plan it.
 */
export function templeAnalysis(
  map: GoldCityMap,
  t: Table,
  toFinish: Float64Array,
): { metrics: TempleMetrics; features: Record<string, number> } {
  const fields = templeFields(t, undefined, toFinish);
  const { enter, seam, stride } = stepCosts(t);
  // The table's adjacency is buildBoard's (table.ts), so the tour needs no board of its own.
  const tours = t.temples.length >= 2 ? tourSteps({ spaces: map.spaces, adj: t.adj }, t.temples[0]!, t.temples[1]!) : [];
  // A course without its two temples has no tour: its tour features are 0, not NaN.
  const mean = (xs: number[]) => (xs.length > 0 ? meanOf(xs) : 0);
  const perStart = t.starts.map((s) => {
    let mask = 0;
    let first = -1;
    const route = new Set<number>();
    let torch = 0;
    let torchSpaces = 0;
    for (let at = s, guard = 0; !t.finishes[at] && guard < 4 * t.n; guard++) {
      const here = (fields[mask] as Float64Array)[at] as number;
      let next = -1;
      let nextMask = mask;
      const row = ((t.piece[at] as number) + 1) * stride + 1;
      for (let e = t.openStart[at] as number, end = t.openStart[at + 1] as number; e < end; e++) {
        const y = t.open[e] as number;
        const temple = t.templeAt[y] as number;
        const m = temple >= 0 ? mask | (1 << temple) : mask;
        const via = ((fields[m] as Float64Array)[y] as number) + (enter[y] as number) + (seam[row + (t.piece[y] as number)] as number);
        if (Math.abs(via - here) < 1e-9 && (next < 0 || y < next)) (next = y), (nextMask = m);
      }
      if (next < 0) break;
      if (nextMask !== mask && first < 0) first = t.templeAt[next] as number;
      mask = nextMask;
      route.add(next);
      if (t.ground[next] === G.torch) {
        torch = Math.max(torch, t.strength[next] as number);
        torchSpaces++;
      }
      at = next;
    }
    const guardians = new Set<number>();
    for (const i of route) for (const g of t.guardiansBeside[i] ?? []) guardians.add(g);
    return { effort: (fields[0] as Float64Array)[s] as number, first, guardians: guardians.size, torch, torchSpaces };
  });
  const detours = tours.map((x) => Math.min(x.firstA, x.firstB) / Math.max(1, x.direct));
  const steps = tours.map((x) => Math.min(x.firstA, x.firstB));
  const players = map.options?.players ?? 4;
  const tourEffort = mean(perStart.map((p) => p.effort));
  const metrics: TempleMetrics = {
    tourEffort: round2(tourEffort),
    tourSteps: round2(mean(steps)),
    detour: round2(mean(detours)),
    firstTemple: perStart.map((p) => map.temples?.[p.first]?.id ?? 0),
    guardiansOnRoute: round2(mean(perStart.map((p) => p.guardians))),
    torchStrongest: round2(mean(perStart.map((p) => p.torch))),
  };
  const features: Record<string, number> = {
    templeEffort: tourEffort,
    templeDetour: mean(detours),
    guardiansOnRoute: mean(perStart.map((p) => p.guardians)),
    guardians: t.guardians.length,
    torchStrongest: mean(perStart.map((p) => p.torch)),
    torchOnRoute: mean(perStart.map((p) => p.torchSpaces)),
    templeSteps: mean(steps),
    orderGap: mean(tours.map((x) => Math.abs(x.firstA - x.firstB) / Math.max(1, Math.min(x.firstA, x.firstB)))),
    fourPlayerTempleEffort: players === 4 ? tourEffort : 0,
    twoPlayerTempleEffort: players === 2 ? tourEffort : 0,
  };
  return { metrics, features };
}

/** The temple model as src/games/gold-city/calibrate/temples.ts writes it. */
export interface TempleCalibration {
  version: string;
  features: string[];
  coefficients: number[];
  intercept: number;
  featureRanges: Record<string, [number, number]>;
  /** Rounds at difficulty 0, 25, 50, 75, 100 per table size on temple courses. */
  scale: Record<'2' | '3' | '4', Scale>;
  /** Difficulties each tier makes on temple courses (10th–90th percentile, four players): what a reroll steers by. */
  tierReach: Record<'easy' | 'normal' | 'hard' | 'expert', [number, number]>;
}

const TEMPLE_FIXTURE = dataFile('./data/temples.json', import.meta.url);

/** The temple model, once calibrated (the calibration script runs before it exists). */
export const templeCalibration: TempleCalibration | undefined = existsSync(TEMPLE_FIXTURE)
  ? readJson<TempleCalibration>(TEMPLE_FIXTURE)
  : undefined;
