import { round1 } from '../difficulty.ts';
import type { ScoreSummary } from '../game-module.ts';

/**
 * Each seat's share of the wins over `games` games, as a chart a front end draws without knowing
 * the game (none for a solo game), full scale 100%. Each share carries its standard error, by
 * Agresti and Coull (two wins and two losses added before √(p(1−p)/n)), so that a seat that won
 * none or all of a few games does not read as certain: at 100 games a share moves by about 4
 * points from one series to the next, and beside a prediction that is what a reader must judge.
 */
export function winShareChart(winPercent: readonly number[], games: number, predicted?: readonly number[]): ScoreSummary['chart'] {
  if (winPercent.length < 2) return undefined;
  return {
    title: `Share of the wins by seat over ${counted(games, 'bot game')} (± one standard error)${predicted ? ', beside the score’s prediction' : ''}`,
    max: 100,
    bars: winPercent.map((share, seat) => {
      const n = Math.max(1, games) + 4;
      const p = ((share / 100) * Math.max(1, games) + 2) / n;
      const error = Math.round(1000 * Math.sqrt((p * (1 - p)) / n)) / 10;
      const against = predicted?.[seat] === undefined ? '' : ` · predicted ${round1(predicted[seat]!)}%`;
      return { label: `Seat ${seat + 1}`, value: share, text: `${round1(share)}% ± ${error}${against}` };
    }),
  };
}

/** "1 game", "12 games". */
export function counted(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

/** "(± 1.5 from game to game)", or nothing where one game has no spread to speak of. */
export function spreadInWords(games: number, sd: number, between: string): string {
  return games > 1 ? ` (± ${sd} ${between})` : '';
}

/** The kind at every seat, if one kind played them all. */
export function soleKind(bots: readonly string[]): string | undefined {
  return bots.every((b) => b === bots[0]) ? bots[0] : undefined;
}

/** Who played: "planner at every seat", or the seats in order where they differ. */
export function botsInWords(bots: readonly string[]): string {
  if (bots.length === 1) return `${bots[0]} alone`;
  return soleKind(bots) !== undefined ? `${bots[0]} at every seat` : bots.map((b, seat) => `seat ${seat + 1} ${b}`).join(', ');
}
