import { bandOf } from '../core/difficulty.ts';
import type { RerollResult, Target } from '../seeds/reroll.ts';

/** A word a shell passes through unchanged, quoted only when it has to be. */
const shellWord = (text: string) => (/^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`);

/** How the kinds of player the score is calibrated on read the map, in words. */
function kindsInWords(result: RerollResult): string {
  const { interval, confidence } = result.map.score;
  if (!interval) return 'the score gives no reading per kind of player';
  const [low, high] = interval;
  const [a, b] = [bandOf(low), bandOf(high)];
  const reading = `the kinds of player read it ${low === high ? low : `${low}–${high}`}`;
  const agreement = a === b ? `both ${a}` : `from ${a} to ${b}: they part`;
  return `${reading} (${agreement}${confidence ? `; confidence ${confidence}` : ''})`;
}

/**
 * A reroll's answer for people: what was found, how sure the score is, and the command that
 * fetches the map (`--json` prints the whole document instead).
 */
export function rerollAnswer(gameId: string, result: RerollResult, target: Target, defaults: Record<string, unknown>): string {
  const { difficulty, band } = result.map.score;
  // Only what differs from the defaults: the same map, a command a person can read.
  const changed = Object.fromEntries(Object.entries(result.options).filter(([k, v]) => JSON.stringify(v) !== JSON.stringify(defaults[k])));
  const options = Object.keys(changed).length > 0 ? ` --options ${shellWord(JSON.stringify(changed))}` : '';
  const wanted = 'band' in target ? `band ${target.band}` : `difficulty ${target.min}–${target.max}`;
  const lines = [
    `${result.hit ? 'hit' : 'miss'}: ${gameId} seed ${result.seed} after ${result.attempts} attempt${result.attempts === 1 ? '' : 's'} (${wanted})`,
    `difficulty ${difficulty} (${band}); ${kindsInWords(result)}`,
    ...(result.hit
      ? [
          result.agreed
            ? 'every kind of player reads it in the target'
            : 'not every kind of player reads it in the target: --agree asks for one that they all do',
        ]
      : []),
    `${result.hit ? 'the map' : 'the nearest map'}: goldmaps generate ${gameId} --seed ${shellWord(result.seed)}${options}`,
  ];
  return `${lines.join('\n')}\n`;
}
