import type { ScoreSummary } from '../../core/game-module.ts';
import type { GoldCityMap } from './model.ts';
import type { GoldCityScore } from './score.ts';
import { MAX_ROUNDS, type Playtest } from './rules/playtest.ts';
import { botsInWords, counted, soleKind, spreadInWords, winShareChart } from '../../core/play/words.ts';
import { round1 } from '../../core/difficulty.ts';

/** The model's inputs as a player would name them. */
const FEATURE_LABELS: Record<string, string> = {
  effort: 'route effort (card plays)',
  steps: 'steps to the finish',
  strongest: 'strongest card needed',
  cardsPaid: 'cards paid to rubble and base camps',
  corridor: 'corridor width (near-best spaces per step)',
  blockadeLoad: 'blockade strength in all',
  chokepoints: 'chokepoints',
  players: 'players',
  twoPlayerEffort: 'route effort (two-player table)',
  templeEffort: 'gem tour effort (card plays)',
  templeDetour: 'gem tour steps over the direct way',
  guardiansOnRoute: 'guardians beside the gem tour',
  guardians: 'guardians on the course',
  torchStrongest: 'strongest torch card needed',
  torchOnRoute: 'torch spaces on the gem tour',
  templeSteps: 'gem tour steps',
  orderGap: 'difference between the two tour orders (share of steps)',
  fourPlayerTempleEffort: 'gem tour effort (four-player table)',
  twoPlayerTempleEffort: 'gem tour effort (two-player table)',
};

export function summariseGoldCity(map: GoldCityMap, score: GoldCityScore): ScoreSummary {
  const players = map.options?.players ?? 4;
  const { spread, fairest, hardest } = score.fairness;
  const fairness =
    spread === 0
      ? 'Every start space has the same route cost; turn order is the only edge.'
      : `Start spaces differ by ${spread} in route cost (start ${fairest} has it easiest, start ${hardest} hardest).`;
  const { winRates } = score.fairness;
  const seats = winRates
    ? ` Predicted wins by seat (turn order): ${winRates.map((w) => `${Math.round(w)}%`).join(' / ')}${map.stagger?.length ? ', with the staggered start' : ''}.`
    : '';
  const features = score.model.features;
  const tour = score.metrics.temples;
  const temples = tour
    ? ` Golden Temples: the gem tour is ${Math.round((tour.detour - 1) * 100)}% longer than the direct way; most starts take temple ${mostCommon(tour.firstTemple)} first.`
    : '';
  return {
    headline: `About ${Math.round(score.predictedRounds)} rounds for ${players} players.${temples} ${fairness}${seats}`,
    facts: [
      ...(winRates ? winRates.map((w, seat) => ({ label: `seat ${seat + 1}: predicted share of wins (%)`, value: w })) : []),
      ...(map.stagger?.length
        ? [{ label: 'staggered start', value: map.stagger.map((e) => `pawn ${e.start} begins ${e.q},${e.r}`).join('; ') }]
        : []),
      ...Object.entries(features)
        .filter(([name]) => forThisTable(name, players))
        .map(([name, value]) => ({ label: FEATURE_LABELS[name] ?? name, value })),
      { label: 'water-4 spaces (Prop Plane only)', value: score.metrics.deepWater },
    ],
    chart: {
      title: 'Route cost per start space (card plays to the finish)',
      bars: score.metrics.starts.map((s) => ({ label: `Start ${s.start}`, value: s.effort, text: `${s.effort} · ${s.steps} steps` })),
    },
  };
}

/**
 * The model's table-size terms (twoPlayerEffort, fourPlayerTempleEffort) are the figure on their
 * own table and 0 on any other: listed on another they would read as a route that costs nothing.
 */
function forThisTable(feature: string, players: number): boolean {
  const table = /^(two|three|four)Player/.exec(feature)?.[1];
  return table === undefined || { two: 2, three: 3, four: 4 }[table] === players;
}

function mostCommon(xs: readonly number[]): number {
  const counts = new Map<number, number>();
  for (const x of xs) counts.set(x, (counts.get(x) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]?.[0] ?? 0;
}

/**
 * Bot games on the course against what the score predicts of that kind of player. The seat
 * model is the planners' (src/games/gold-city/calibrate/seats.ts), so only their games stand
 * beside it.
 */
export function summariseGoldCityPlaytest(map: GoldCityMap, score: GoldCityScore, report: Playtest): ScoreSummary {
  const players = map.options?.players ?? 4;
  const kind = soleKind(report.bots);
  const planners = kind === 'planner';
  const predictedRounds = kind === 'sampler' ? score.kinds?.sampler.predictedRounds : planners ? score.predictedRounds : undefined;
  const predicted = planners ? score.fairness.winRates : undefined;
  // A stall is the bots' failing more than the course's (docs/difficulty.md, What the bots leave
  // out); said, not hidden in the mean.
  const unfinished = report.unfinished
    ? ` ${report.unfinished} of ${report.games === 1 ? 'it' : 'them'} stalled (pawns walled in by each other, or waiting for a card the bots do not buy or the market no longer has) and count at ${MAX_ROUNDS} rounds with no winner.`
    : '';
  const against =
    predictedRounds === undefined
      ? ''
      : planners
        ? `; the score predicts ${round1(predictedRounds)}`
        : `; the score predicts ${round1(predictedRounds)} for ${kind}s, against ${round1(score.predictedRounds)} for the planners its difficulty reads`;
  const seats = planners
    ? ` The chart gives each seat’s measured share of the wins${map.stagger?.length ? ' with the staggered start' : ''} beside the score’s seat model.${players === 4 ? ` At four players 100 games or more predict a course’s seat shares better than that model does${report.games < 100 ? `; ${report.games} ${report.games === 1 ? 'is' : 'are'} fewer` : ''}.` : ''}`
    : ` The chart gives each seat’s measured share of the wins${map.stagger?.length ? ' with the staggered start' : ''}${score.fairness.winRates ? '; the score’s seat model is the planners’ and stands beside planner games only' : ''}.`;
  return {
    headline: `${counted(report.games, `${kind ?? 'bot'} game`)} on this course took ${round1(report.meanRounds)} rounds on average${spreadInWords(report.games, report.sdRounds, 'from game to game')}${against}.${unfinished}${seats}`,
    facts: [
      { label: 'games played', value: report.games },
      { label: 'bots', value: botsInWords(report.bots) },
      { label: 'mean rounds', value: round1(report.meanRounds) },
      { label: 'rounds, standard deviation between games', value: report.sdRounds },
      { label: 'games stalled before the finish', value: report.unfinished },
      ...report.winRate.map((w, seat) => ({ label: `seat ${seat + 1}: measured share of wins (%)`, value: w })),
    ],
    chart: winShareChart(report.winRate, report.games, predicted),
  };
}
