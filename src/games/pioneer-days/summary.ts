import type { ScoreSummary } from '../../core/game-module.ts';
import type { PioneerDaysMap } from './model.ts';
import type { PioneerDaysScore } from './score.ts';
import type { Playtest } from './rules/playtest.ts';
import { botsInWords, counted, soleKind, spreadInWords, winShareChart } from '../../core/play/words.ts';

const FEATURE_LABELS: Record<string, string> = {
  referenceVp: 'VP per player in the reference games',
  referenceDisasters: 'disasters per reference game',
  referenceUnmet: 'town cards left unmet per player (of 9)',
  referenceLost: 'items lost for want of wagon space, per player',
  plannerVp: 'VP per player in the lookahead planners\' reference game',
  plannerDisasters: 'disasters in the planners\' reference game',
  plannerUnmet: 'town cards left unmet per player by the planners (of 9)',
  plannerTownsfolkVp: 'townsfolk VP per player in the planners\' reference game',
  wildShare: 'share of wild faces in the dice',
  earlyGold: 'nuggets on the first 12 gold tokens',
  townItems: 'items the nine towns ask for',
  townFavours: 'favours the nine towns pay',
  stacking: 'VP per item the dealt townsfolk stack on one item',
  players: 'players',
};

/**
 * First-game trails (sets A and B) differ little from one another, and the two kinds of player
 * rank them apart (held-out Spearman of the kinds 0.07–0.56 by table size, against 0.70–0.84 on
 * trails of two random sets: docs/difficulty-pioneer-days-gold-city.md), so the headline says
 * what their difficulty can and cannot tell.
 */
const FIRST_GAME_NOTE = ' First-game trails (sets A and B) score lower than most trails of two random sets, but the two kinds of player seldom agree which of them is harder: read this difficulty as that of a first-game trail, not as a rank among them.';

export function summarisePioneerDays(map: PioneerDaysMap, score: PioneerDaysScore): ScoreSummary {
  const ref = score.metrics.reference;
  const struck = ref.disasters.map((d) => `${d.disaster} ${d.final ? 'at the end' : `in week ${d.week}`}`).join(', ') || 'none';
  return {
    headline: `Bots reach about ${Math.round(score.predictedVp)} VP each on this trail. In the reference game ${ref.disasters.length} disaster${ref.disasters.length === 1 ? '' : 's'} struck (${struck}) and ${ref.unmetPerPlayer} of 9 town cards per player went unmet.${map.options?.firstGame ? FIRST_GAME_NOTE : ''}`,
    facts: [
      ...Object.entries(score.model.features).map(([name, value]) => ({ label: FEATURE_LABELS[name] ?? name, value })),
      { label: 'difficulty for greedy settlers alone', value: score.kinds.settler.difficulty },
      { label: 'difficulty for lookahead planners alone', value: score.kinds.planner.difficulty },
      { label: `how far the two kinds of player agree (${score.interval[0]}–${score.interval[1]})`, value: score.confidence },
      { label: 'VP between the best and worst seat (reference game)', value: score.seatSpread },
    ],
    chart: {
      title: 'VP per seat in the reference game (seat fairness)',
      bars: ref.vpBySeat.map((vp, i) => ({ label: `Seat ${i + 1}`, value: vp, text: `${vp} VP` })),
    },
  };
}

/** Games of one kind of player on the trail against what the score predicts of each kind. */
export function summarisePioneerDaysPlaytest(_map: PioneerDaysMap, score: PioneerDaysScore, report: Playtest): ScoreSummary {
  const struck = Object.entries(report.disasters)
    .map(([disaster, n]) => `${disaster} ${n}`)
    .join(', ');
  const solo = report.bots.length === 1;
  // The kind played first, then the other, each as the score predicts it.
  const played = soleKind(report.bots);
  const kinds = (Object.keys(score.kinds) as Array<keyof PioneerDaysScore['kinds']>).sort((a, b) => Number(b === played) - Number(a === played));
  const predicted = kinds.map((k) => `${score.kinds[k].predictedVp} for ${k}s`).join(' and ');
  const spread = spreadInWords(report.games * report.bots.length, report.sdVp, solo ? 'from game to game' : 'from player to player and game to game');
  return {
    headline: `${counted(report.games, 'game')} on this trail (${botsInWords(report.bots)}): ${report.meanVp} VP ${solo ? 'a game' : 'a player'} on average${spread}; the score predicts ${predicted} (the difficulty reads a blend of the two, ${score.predictedVp}).${solo ? '' : ` The winner took ${report.meanWinningVp}.`} ${report.meanDisasters} disasters a game${struck ? ` (${struck})` : ''}.`,
    facts: [
      { label: 'games played', value: report.games },
      { label: 'bots', value: botsInWords(report.bots) },
      { label: solo ? 'VP a game' : 'VP per player', value: report.meanVp },
      { label: 'VP, standard deviation', value: report.sdVp },
      ...(solo ? [] : [{ label: 'the winner’s VP', value: report.meanWinningVp }]),
      { label: 'disasters per game', value: report.meanDisasters },
      { label: 'town cards left unmet per player (of 9)', value: report.meanUnmet },
      ...(solo ? [] : report.meanVpBySeat.map((vp, seat) => ({ label: `seat ${seat + 1}: VP`, value: vp }))),
      ...(solo ? [] : report.winRate.map((w, seat) => ({ label: `seat ${seat + 1}: measured share of wins (%)`, value: w }))),
    ],
    chart: winShareChart(report.winRate, report.games),
  };
}
