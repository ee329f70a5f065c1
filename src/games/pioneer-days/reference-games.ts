/**
 * The reference games the Pioneer Days score played before it became analytic (issue 42): seeded
 * settler and planner games on the trail. The score no longer plays them (score.ts reads the map
 * alone); they stay for the trail sheet's disaster forecast (`referenceGame`, one noiseless
 * settler game) and for src/games/pioneer-days/calibrate/difficulty.ts, the old reference-game calibration.
 */
import { round2 } from '../../core/difficulty.ts';
import { CATALOGUE, TOWNS } from './catalogue.ts';
import type { PioneerDaysMap } from './model.ts';
import { planner, settler } from './rules/bots.ts';
import { playGame, type GameResult } from './rules/playtest.ts';
import { buildTable } from './rules/state.ts';
import { stackingOf } from './score-features.ts';

/** Settler games and lookahead planner games the old score played per trail. */
export const REFERENCE_GAMES = 12;
export const PLANNER_REFERENCE_GAMES = 6;

export interface ReferenceMetrics {
  players: number;
  /** The reference games: settler bots, one a seat, a pure function of the trail; disasters and leftovers are the first (noiseless) game's. */
  reference: {
    vpBySeat: number[];
    meanVp: number;
    disasters: Array<{ week: number; day: number; disaster: string; final: boolean }>;
    /** The die colour left over each day, by week. */
    leftovers: string[][];
    meanDisasters: number;
    unmetPerPlayer: number;
    lostPerPlayer: number;
    planner: { meanVp: number; disasters: number; unmetPerPlayer: number; townsfolkVp: number };
  };
  faces: Record<string, number>;
  earlyGold: number;
  townItems: number;
  townFavours: number;
  stacking: { item: string; vpPerItem: number };
}

/** The trail's noiseless settler game (the old score's first reference game): what the disaster forecast reads. */
export function referenceGame(map: PioneerDaysMap): GameResult {
  const trail = buildTable(map);
  return playGame(
    trail,
    Array.from({ length: trail.players }, () => settler),
  );
}

export function trailMetrics(map: PioneerDaysMap): ReferenceMetrics {
  const trail = buildTable(map);
  const bots = Array.from({ length: trail.players }, () => settler);
  // The first reference game is noiseless; the others add the bots' seeded noise under fixed
  // labels, so the trail alone decides all of them and their mean is steadier than one game.
  const games = Array.from({ length: REFERENCE_GAMES }, (_, k) => playGame(trail, bots, k === 0 ? undefined : `reference/${k}`));
  const game = games[0]!;
  // The planners' games: one noiseless, the rest seeded under fixed labels, like the settlers'.
  const planners = Array.from({ length: trail.players }, () => planner);
  const planned = Array.from({ length: PLANNER_REFERENCE_GAMES }, (_, k) =>
    playGame(trail, planners, k === 0 ? undefined : `planner/${k}`),
  );
  const perPlanned = (f: (g: (typeof planned)[number]) => number) => round2(planned.reduce((a, g) => a + f(g), 0) / planned.length);
  const mean = (f: (g: (typeof games)[number]) => number) => round2(games.reduce((a, g) => a + f(g), 0) / games.length);
  const vpBySeat = game.scores.map((_, i) => mean((g) => g.scores[i]!.vp));
  const faces: Record<string, number> = Object.fromEntries(CATALOGUE.faces.map((f) => [f, 0]));
  for (const w of map.weeks) for (const d of w.days) for (const die of d.dice) faces[die.face] = (faces[die.face] ?? 0) + 1;
  let townItems = 0;
  let townFavours = 0;
  for (const w of map.weeks)
    for (const id of w.towns) {
      const t = TOWNS.get(id);
      if (!t) continue;
      townItems += Object.values(t.needs).reduce((a, n) => a + (n ?? 0), 0);
      townFavours += t.favours;
    }
  return {
    players: trail.players,
    stacking: stackingOf(map),
    reference: {
      vpBySeat,
      meanVp: round2(vpBySeat.reduce((a, v) => a + v, 0) / vpBySeat.length),
      disasters: game.state.disasters,
      leftovers: game.state.leftovers,
      meanDisasters: mean((g) => g.state.disasters.length),
      unmetPerPlayer: mean((g) => g.state.unmetNeeds / trail.players),
      lostPerPlayer: mean((g) => g.state.players.reduce((a, p) => a + p.lost, 0) / trail.players),
      planner: {
        meanVp: perPlanned((g) => g.scores.reduce((a, s) => a + s.vp, 0) / trail.players),
        disasters: perPlanned((g) => g.state.disasters.length),
        unmetPerPlayer: perPlanned((g) => g.state.unmetNeeds / trail.players),
        townsfolkVp: perPlanned((g) => g.scores.reduce((a, s) => a + s.townsfolk, 0) / trail.players),
      },
    },
    faces,
    earlyGold: map.gold.slice(0, 12).reduce((a, g) => a + g, 0),
    townItems,
    townFavours,
  };
}

/** What the calibrated model reads (see src/games/pioneer-days/calibrate/difficulty.ts). */
export function features(m: ReferenceMetrics): Record<string, number> {
  const dice = Object.values(m.faces).reduce((a, n) => a + n, 0) || 1;
  return {
    referenceVp: m.reference.meanVp,
    referenceDisasters: m.reference.meanDisasters,
    referenceUnmet: m.reference.unmetPerPlayer,
    referenceLost: m.reference.lostPerPlayer,
    plannerVp: m.reference.planner.meanVp,
    plannerDisasters: m.reference.planner.disasters,
    plannerUnmet: m.reference.planner.unmetPerPlayer,
    plannerTownsfolkVp: m.reference.planner.townsfolkVp,
    wildShare: (m.faces.wild ?? 0) / dice,
    earlyGold: m.earlyGold,
    townItems: m.townItems,
    townFavours: m.townFavours,
    stacking: m.stacking.vpPerItem,
    players: m.players,
  };
}
