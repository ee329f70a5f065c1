import type { AnyGameModule, Band, MapDocumentBase, ScoreBase } from '../core/game-module.ts';
import { BAND_RANGES } from '../core/difficulty.ts';
import { InputError, normaliseOptions, scoreMap } from '../core/maps.ts';
import { SEED_MAX_LENGTH, normaliseSeed } from '../core/seed.ts';

export type Target = { band: Band } | { min: number; max: number };

/** The target as a difficulty range. */
export function targetRange(target: Target): { min: number; max: number } {
  if ('band' in target) {
    const [min, max] = BAND_RANGES[target.band];
    return { min, max };
  }
  return { min: target.min, max: target.max };
}

/** How far a difficulty lies outside the target: 0 is a hit. */
export function missBy(difficulty: number, target: Target): number {
  const { min, max } = targetRange(target);
  return difficulty < min ? min - difficulty : difficulty > max ? difficulty - max : 0;
}

/**
 * How far a score lies outside the target. With `agree`, every kind of player's reading
 * (`score.interval`) must lie in it as well as the difficulty, so the furthest of them counts: a
 * map one kind reads easy and another expert is no hard map, whatever their mean says. A game
 * whose score has no interval has one reading.
 */
export function scoreMiss(score: Pick<ScoreBase, 'difficulty' | 'interval'>, target: Target, agree = false): number {
  const readings = agree && score.interval ? [score.difficulty, ...score.interval] : [score.difficulty];
  return Math.max(...readings.map((d) => missBy(d, target)));
}

export function describeTarget(target: Target): string {
  const { min, max } = targetRange(target);
  return 'band' in target ? `band ${target.band} (difficulty ${min}–${max})` : `difficulty ${min}–${max}`;
}

export interface RerollRequest {
  seed: string;
  /** Options the caller pins: never changed. Those left out the reroll may choose. */
  options?: unknown;
  target: Target;
  maxAttempts: number;
  /** Every kind of player the score is calibrated on must read the map inside the target too. */
  agree?: boolean;
}

export interface RerollResult {
  hit: boolean;
  /** The seed of the answer: `seed/k` for the k-th attempt. */
  seed: string;
  attempts: number;
  /** The options the answer was built with (also in the map): the pinned ones as given. */
  options: Record<string, unknown>;
  /** On a miss, what happened and what to change, in words. */
  message?: string;
  /**
   * Whether every kind of player's reading (`score.interval`) lies in the target as well as the
   * difficulty: always so for a hit asked with `agree`; a plain hit may lack it.
   */
  agreed: boolean;
  map: MapDocumentBase & { score: ScoreBase };
}

/** A map tried, before it is the answer. */
type Candidate = Omit<RerollResult, 'agreed'>;

interface Search {
  game: AnyGameModule;
  seed: string;
  pinned: string[];
  /** Option sets tried in turn, attempt k using set (k − 1) mod their number. */
  optionSets: Array<Record<string, unknown>>;
  target: Target;
  maxAttempts: number;
  agree: boolean;
  /** The game's measured reason the pinned options cannot reach the target, if it knows one. */
  outOfReach?: string;
}

const sortedKeys = (o: Record<string, unknown>) =>
  Object.fromEntries(
    Object.keys(o)
      .sort()
      .map((k) => [k, o[k]]),
  );

function prepare(game: AnyGameModule, request: RerollRequest): Search {
  const base = normaliseSeed(request.seed);
  if (!base.ok) throw new InputError([{ field: 'seed', message: base.message.replace(/^seed: /, '') }]);
  if ([...base.seed].length + 1 + String(request.maxAttempts).length > SEED_MAX_LENGTH) {
    throw new InputError([
      { field: 'seed', message: `must leave room for "/${request.maxAttempts}" within ${SEED_MAX_LENGTH} characters` },
    ]);
  }
  if ('min' in request.target && request.target.min > request.target.max)
    throw new InputError([{ field: 'target.min', message: 'must not exceed target.max' }]);
  const given = (request.options ?? {}) as Record<string, unknown>;
  const pinnedOptions = normaliseOptions(game, given);
  const pinned = Object.keys(given).sort();
  // The game says which settings of the options left open reach the target; pinned ones win.
  const steered = game.steer?.(targetRange(request.target), pinnedOptions, pinned) ?? [{}];
  const optionSets = (steered.length > 0 ? steered : [{}]).map((s) => sortedKeys(normaliseOptions(game, { ...s, ...given })));
  const outOfReach = game.outOfReach?.(targetRange(request.target), pinnedOptions, pinned);
  return {
    game,
    seed: base.seed,
    pinned,
    optionSets,
    target: request.target,
    maxAttempts: request.maxAttempts,
    agree: request.agree === true,
    ...(outOfReach ? { outOfReach } : {}),
  };
}

/**
 * The k-th attempt: `seed/k` with its option set, built and scored. Its summary waits until it
 * is the answer (`summarised`): a rejected map's is never read, nor is its digest.
 */
function attempt(search: Search, k: number): { miss: number; result: Candidate } {
  const seed = `${search.seed}/${k}`;
  const options = search.optionSets[(k - 1) % search.optionSets.length]!;
  const map = search.game.generate(seed, options) as MapDocumentBase & { score: ScoreBase };
  map.score = scoreMap(search.game, map);
  return { miss: scoreMiss(map.score, search.target, search.agree), result: { hit: false, seed, attempts: k, options, map } };
}

/** The answer's score with the summary every scored map carries (the same as `withScore` gives). */
function summarised(search: Search, result: Candidate): RerollResult {
  const { map } = result;
  map.score.summary = search.game.summarise(map, map.score);
  return { ...result, agreed: scoreMiss(map.score, search.target, true) === 0 };
}

/** A miss in words: what was asked, the nearest found, and what to change. */
function missMessage(search: Search, nearest: Candidate): string {
  const { difficulty, band, interval } = nearest.map.score;
  const advice =
    search.pinned.length > 0
      ? `You pinned ${search.pinned.map((k) => `options.${k}`).join(', ')}: leave ${search.pinned.length === 1 ? 'it' : 'some'} out to let the reroll choose, or ask for a target those options can reach.`
      : search.agree
        ? 'Ask for more attempts or a wider target, or leave out agree to take the mean of the kinds alone.'
        : 'Ask for more attempts or a wider target.';
  const asked = search.agree ? `${describeTarget(search.target)} with every kind of player agreeing` : describeTarget(search.target);
  const readings = search.agree && interval ? `, its kinds of player reading ${interval[0]}–${interval[1]}` : '';
  return `No map in ${search.maxAttempts} attempts met ${asked}; the nearest is ${nearest.seed} at difficulty ${difficulty} (${band})${readings}. ${search.outOfReach ? `${search.outOfReach} ` : ''}${advice}`;
}

/** Keeps the nearest miss (the earliest on ties) and reports a hit at once. */
class Nearest {
  best: { miss: number; result: Candidate } | undefined;

  constructor(readonly search: Search) {}

  offer(a: { miss: number; result: Candidate }): RerollResult | undefined {
    if (a.miss === 0) return summarised(this.search, { ...a.result, hit: true });
    if (!this.best || a.miss < this.best.miss) this.best = a;
    return undefined;
  }

  answer(): RerollResult | undefined {
    const { search } = this;
    if (!this.best) return undefined;
    const result = { ...this.best.result, attempts: search.maxAttempts };
    return summarised(search, { ...result, message: missMessage(search, result) });
  }
}

/**
 * Tries seed/1, seed/2, … in order and returns the first map whose score meets the target, or
 * the nearest candidate (earliest on ties) after `maxAttempts`, with a message saying so. Options
 * the request leaves out are the game's to steer (a tier that makes hard maps for a hard target);
 * the answer records the options it used. The same request always gives the same answer;
 * `shouldStop` may end the search early (a time budget), which callers must report as a failure,
 * never as a different answer.
 */
export function reroll(game: AnyGameModule, request: RerollRequest, shouldStop: () => boolean = () => false): RerollResult | undefined {
  const search = prepare(game, request);
  const nearest = new Nearest(search);
  for (let k = 1; k <= search.maxAttempts; k++) {
    if (shouldStop()) return undefined;
    const hit = nearest.offer(attempt(search, k));
    if (hit) return hit;
  }
  return nearest.answer();
}

/** Attempts between yields: a reroll never holds the event loop for more than a few ms. */
const SLICE = 8;

/** The same search, yielding to the event loop between slices so a server stays responsive. */
export async function rerollAsync(
  game: AnyGameModule,
  request: RerollRequest,
  shouldStop: () => boolean = () => false,
): Promise<RerollResult | undefined> {
  const search = prepare(game, request);
  const nearest = new Nearest(search);
  for (let k = 1; k <= search.maxAttempts; k++) {
    if (k % SLICE === 0) await new Promise((resolve) => setImmediate(resolve));
    if (shouldStop()) return undefined;
    const hit = nearest.offer(attempt(search, k));
    if (hit) return hit;
  }
  return nearest.answer();
}
