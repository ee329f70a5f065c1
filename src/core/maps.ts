import type { AnyGameModule, GameModule, MapDocumentBase, Problem, ScoreBase } from './game-module.ts';
import { applyPlaysCalibration } from './plays.ts';
import { check, type FieldError } from './schema.ts';
import { normaliseSeed } from './seed.ts';

/** Bad input from outside, with the fields at fault; every front end turns it into its own error. */
export class InputError extends Error {
  /** `title` says what kind of bad input it is, for front ends that show one. */
  constructor(
    readonly errors: FieldError[],
    readonly title = 'Invalid input',
  ) {
    super(errors.map((e) => `${e.field || '(root)'}: ${e.message}`).join('; '));
    this.name = 'InputError';
  }
}

export function prefixed(prefix: string, errors: FieldError[]): FieldError[] {
  return errors.map((e) => ({
    ...e,
    field: e.field ? (e.field.startsWith('[') ? `${prefix}${e.field}` : `${prefix}.${e.field}`) : prefix,
  }));
}

/** Options as the game's schema normalises them (defaults filled in), or an InputError. */
export function normaliseOptions(game: AnyGameModule, options: unknown): Record<string, unknown> {
  const checked = check<Record<string, unknown>>(game.optionsSchema, options ?? {});
  if (!checked.ok) throw new InputError(prefixed('options', checked.errors));
  return checked.value;
}

/** `any` (a front end's AnyGameModule) reads as the face's base type, a game's own module as its own. */
type Known<T, Base> = 0 extends 1 & T ? Base : T;
/** The map document a game module builds: GoldCityMap for goldCity, MapDocumentBase for any game. */
// biome-ignore lint/suspicious/noExplicitAny: matches every game module, whatever its types
export type MapOf<G> = G extends GameModule<any, infer M, any, any, any> ? Known<M, MapDocumentBase> : MapDocumentBase;
/** The score a game module gives. */
// biome-ignore lint/suspicious/noExplicitAny: matches every game module, whatever its types
export type ScoreOf<G> = G extends GameModule<any, any, infer S, any, any> ? Known<S, ScoreBase> : ScoreBase;

/** A game's map with its score attached, typed as that game's score. */
export type ScoredMapOf<G> = MapOf<G> & { score: ScoreOf<G> };

/**
 * The single entry every front end uses to build a map: seed and options are checked and
 * normalised here, so the library, CLI, API and workers cannot disagree on a digest.
 */
export function buildMap<G extends AnyGameModule>(game: G, seedInput: string, options: unknown): MapOf<G> {
  const seed = normaliseSeed(seedInput);
  if (!seed.ok) throw new InputError([{ field: 'seed', message: seed.message.replace(/^seed: /, '') }]);
  return game.generate(seed.seed, normaliseOptions(game, options)) as MapOf<G>;
}

/** A map document with its score attached. */
export type ScoredMap = MapDocumentBase & { score: ScoreBase };

/**
 * The score every front end serves, without its words: the bots' score read through the game's
 * committed plays calibration, if it has one. Nothing scores a map any other way.
 */
export function scoreMap(game: AnyGameModule, map: MapDocumentBase): ScoreBase {
  return applyPlaysCalibration(game.plays, map, game.score(map) as ScoreBase);
}

/** The game's score of a map with the game's words for it. */
export function scoreOf(game: AnyGameModule, map: MapDocumentBase): ScoreBase {
  const score = scoreMap(game, map);
  score.summary = game.summarise(map, score);
  return score;
}

/** Attaches the score to a map the game built. */
export function withScore<M extends MapDocumentBase>(game: AnyGameModule, map: M): M & { score: ScoreBase } {
  const scored = map as M & { score: ScoreBase };
  scored.score = scoreOf(game, map);
  return scored;
}

/** What every front end serves: the map of a seed, checked, built and scored. */
export function buildScoredMap<G extends AnyGameModule>(game: G, seedInput: string, options: unknown): ScoredMapOf<G> {
  return withScore(game, buildMap(game, seedInput, options)) as unknown as ScoredMapOf<G>;
}

export type MapCheck = { ok: true; map: MapDocumentBase; problems: Problem[] } | { ok: false; errors: FieldError[] };

/** Schema first (shape), then the game's invariants (meaning). */
export function checkMap(game: AnyGameModule, input: unknown): MapCheck {
  const checked = check<MapDocumentBase>(game.mapSchema, input);
  if (!checked.ok) return { ok: false, errors: checked.errors };
  return { ok: true, map: checked.value, problems: game.validate(checked.value) };
}

/**
 * The kind of player a playtest seats at every seat: the game's first (its default) when none is
 * asked for; one the game does not seat is bad input naming `field`.
 */
export function playerKindOf(game: AnyGameModule, kind: string | undefined, field = 'kind'): string | undefined {
  const kinds = (game.playerKinds ?? []).map((k) => k.id);
  if (kind === undefined) return kinds[0];
  if (!kinds.includes(kind)) throw new InputError([{ field, message: `one of ${kinds.join(', ')} for ${game.id}` }], 'Invalid query');
  return kind;
}
