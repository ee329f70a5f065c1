import type { ScoreSummary } from '../../core/game-module.ts';
import type { PioneerDaysMap } from './model.ts';
import type { PioneerDaysScore } from './score.ts';
import type { Playtest } from './rules/playtest.ts';
import { botsInWords, counted, soleKind, spreadInWords, winShareChart } from '../../core/play/words.ts';

const FEATURE_LABELS: Record<string, string> = {
  firstGame: 'first-game deal (sets A and B): 1, else 0',
  shareWild: 'share of wild faces in the dice',
  shareMine: 'share of mine faces in the dice',
  shareEquip: 'share of equip faces in the dice',
  shareCattle: 'share of cattle faces in the dice',
  shareWood: 'share of wood faces in the dice',
  cattleEarly: 'cattle faces per player, weighted by the town visits left to score them',
  needCattle: 'cattle the nine towns ask for',
  needWood: 'wood the nine towns ask for',
  needMedicine: 'medicine the nine towns ask for',
  needGold: 'gold the nine towns ask for',
  needEquipment: 'equipment the nine towns ask for',
  townFavours: 'favours the nine towns pay',
  shortfall: 'town needs per player beyond what the dice give by the last week',
  weekShortfall: 'town needs per player beyond what the dice give, summed week by week',
  earlyGold: 'nuggets on the first 12 gold tokens',
  gold24: 'nuggets on the first 24 gold tokens',
  townsfolkFlat: 'flat VP on the dealt townsfolk',
  rateCattle: 'VP per cattle the dealt townsfolk score',
  rateWood: 'VP per wood the dealt townsfolk score',
  rateMedicine: 'VP per medicine the dealt townsfolk score',
  rateGold: 'VP per gold token the dealt townsfolk score',
  rateEquipment: 'VP per equipment tile the dealt townsfolk score',
  rateFavour: 'VP per favour the dealt townsfolk score',
  rateWagon: 'VP per wagon the dealt townsfolk score',
  rateTownsfolk: 'VP per townsfolk the dealt townsfolk score',
  rateSilver: 'VP per silver the dealt townsfolk score',
  stacking: 'VP per item the dealt townsfolk stack on one item',
  townsfolkImmediate: 'what the dealt townsfolk give when recruited (rough VP)',
  townsfolkTriggers: "what the dealt townsfolk's triggers can yield on this script, per player (rough VP)",
  recruitable: "townsfolk whose slot face the week's dice show (per player, at most 1 each)",
  equipmentTriggers: "what the offered equipment's triggers can yield on this script, per player (rough VP)",
  strikesStorm: 'storms the leftover dice are expected to drive',
  strikesRaid: 'raids the leftover dice are expected to drive',
  strikesFamine: 'famines the leftover dice are expected to drive',
  strikesDisease: 'diseases the leftover dice are expected to drive',
  unprotectedStrikes: 'expected strikes no dealt card protects a player from',
};

/**
 * First-game trails (sets A and B) differ little from one another, and the two kinds of player
 * rank them apart (held-out Spearman of the kinds 0.07–0.56 by table size, against 0.70–0.84 on
 * trails of two random sets: docs/studies/pioneer-days-and-gold-city-difficulty.md), so the headline says
 * what their difficulty can and cannot tell.
 */
const FIRST_GAME_NOTE =
  ' First-game trails (sets A and B) score lower than most trails of two random sets, but the two kinds of player seldom agree which of them is harder: read this difficulty as that of a first-game trail, not as a rank among them.';

export function summarisePioneerDays(map: PioneerDaysMap, score: PioneerDaysScore): ScoreSummary {
  const expected = Object.entries(score.metrics.expectedDisasters);
  const strikes = expected.reduce((a, [, n]) => a + n, 0);
  return {
    headline: `Bots reach about ${Math.round(score.predictedVp)} VP each on this trail (settlers about ${Math.round(score.kinds.settler.predictedVp)}, planners about ${Math.round(score.kinds.planner.predictedVp)}). The dice script is expected to drive about ${Math.round(strikes * 10) / 10} disaster strikes, and the nine towns ask ${score.metrics.townItems} items of each player.${map.options?.firstGame ? FIRST_GAME_NOTE : ''}`,
    facts: [
      ...Object.entries(score.model.features).map(([name, value]) => ({ label: FEATURE_LABELS[name] ?? name, value })),
      { label: 'difficulty for greedy settlers alone', value: score.kinds.settler.difficulty },
      { label: 'difficulty for lookahead planners alone', value: score.kinds.planner.difficulty },
      { label: `how far the two kinds of player agree (${score.interval[0]}–${score.interval[1]})`, value: score.confidence },
    ],
    chart: {
      title: 'Dice faces in the script',
      bars: Object.entries(score.metrics.faces).map(([face, n]) => ({ label: face, value: n, text: `${n}` })),
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
  const kinds = (Object.keys(score.kinds) as Array<keyof PioneerDaysScore['kinds']>).sort(
    (a, b) => Number(b === played) - Number(a === played),
  );
  const predicted = kinds.map((k) => `${score.kinds[k].predictedVp} for ${k}s`).join(' and ');
  const spread = spreadInWords(
    report.games * report.bots.length,
    report.sdVp,
    solo ? 'from game to game' : 'from player to player and game to game',
  );
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
