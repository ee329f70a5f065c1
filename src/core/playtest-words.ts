import type { ScoreSummary } from './game-module.ts';

/**
 * Each seat's share of the wins over `games` games, as a chart a front end draws without knowing
 * the game (none for a solo game). A share of n games is good to about ±√(p(1−p)/n); the bars say so, because at 100
 * games a seat's share moves by about 4 points from one series to the next, and beside a
 * prediction that is the difference a reader needs to judge.
 */
export function winShareChart(winPercent: readonly number[], games: number, predicted?: readonly number[]): ScoreSummary['chart'] {
  // A solo game's one seat wins every game: no share to chart.
  if (winPercent.length < 2) return undefined;
  return {
    title: `Share of the wins by seat over ${games} bot games (± one standard error)${predicted ? ', beside the score’s prediction' : ''}`,
    bars: winPercent.map((share, seat) => {
      const p = share / 100;
      const error = Math.round(1000 * Math.sqrt((p * (1 - p)) / Math.max(1, games))) / 10;
      const against = predicted?.[seat] === undefined ? '' : ` · predicted ${round1(predicted[seat]!)}%`;
      return { label: `Seat ${seat + 1}`, value: share, text: `${round1(share)}% ± ${error}${against}` };
    }),
  };
}

function round1(x: number): number {
  return Math.round(x * 10) / 10;
}

/** Who played: "planner at every seat", or the seats in order where they differ. */
export function botsInWords(bots: readonly string[]): string {
  if (bots.length === 1) return `${bots[0]} alone`;
  return bots.every((b) => b === bots[0]) ? `${bots[0]} at every seat` : bots.map((b, seat) => `seat ${seat + 1} ${b}`).join(', ');
}
